// RUN: sdy_opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect -o /dev/null
// RUN: sdy_opt %s -split-input-file -canonicalize -canonicalize -verify-diagnostics -allow-unregistered-dialect -o /dev/null
// Dominance inside a block follows op order, through nested regions and
// across repeated verifications (the second RUN verifies after each pass,
// with the stamps earlier verifications left on the ops).

func.func @nested_use_of_later_value(%a: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.while(%iter = %a) : tensor<i32>
  cond {
    %c = stablehlo.compare LT, %iter, %iter : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    // expected-error @+1 {{operand #1 does not dominate this use}}
    %s = stablehlo.add %iter, %1 : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %1 = stablehlo.add %a, %a : tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @nested_use_of_own_result(%a: tensor<i32>) -> tensor<i32> {
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %0 = stablehlo.while(%iter = %a) : tensor<i32>
  cond {
    %c = stablehlo.compare LT, %iter, %iter : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    // expected-error @+1 {{operand #1 does not dominate this use}}
    %s = stablehlo.add %iter, %0 : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

func.func @nested_later_in_inner_block(%a: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.while(%iter = %a) : tensor<i32>
  cond {
    %c = stablehlo.compare LT, %iter, %iter : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    // expected-error @+1 {{operand #1 does not dominate this use}}
    %s = stablehlo.add %iter, %t : tensor<i32>
    // expected-note @+1 {{operand defined here (op in the same block)}}
    %t = stablehlo.add %iter, %iter : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

// Long and nested edges that do dominate, in a module verified again and
// again: every use is fine.
func.func @all_dominate(%a: tensor<i32>) -> tensor<i32> {
  %1 = stablehlo.add %a, %a : tensor<i32>
  %2 = stablehlo.multiply %1, %a : tensor<i32>
  %0 = stablehlo.while(%iter = %2) : tensor<i32>
  cond {
    %c = stablehlo.compare LT, %iter, %1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %s = stablehlo.add %iter, %2 : tensor<i32>
    %t = stablehlo.add %s, %1 : tensor<i32>
    stablehlo.return %t : tensor<i32>
  }
  %3 = stablehlo.add %0, %1 : tensor<i32>
  %4 = stablehlo.add %3, %2 : tensor<i32>
  return %4 : tensor<i32>
}

// -----

// A graph region (an unregistered op's) may use a value before its definition.
func.func @graph_region(%a: tensor<i32>) {
  "test.graph"() ({
    %0 = "test.use"(%1) : (tensor<i32>) -> tensor<i32>
    %1 = "test.def"(%a) : (tensor<i32>) -> tensor<i32>
  }) : () -> ()
  return
}

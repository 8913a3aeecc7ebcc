// RUN: sdy_opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect -o /dev/null
// RUN: sdy_opt %s -split-input-file -canonicalize -verify-diagnostics -allow-unregistered-dialect -o /dev/null
// Operands defined in the user's own block (decided without climbing to an
// ancestor, asm/verify.c's check_operands): an op's own result, a later op's
// result, the block's argument, and a graph region where order is free.

func.func @own_result(%a: tensor<i32>) -> tensor<i32> {
  // expected-error @+2 {{operand #1 does not dominate this use}}
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %0 = stablehlo.add %a, %0 : tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @later_result_second_operand(%a: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.add %a, %a : tensor<i32>
  // expected-error @+1 {{operand #2 does not dominate this use}}
  %1 = "test.op"(%0, %a, %2) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %2 = stablehlo.add %0, %a : tensor<i32>
  return %1 : tensor<i32>
}

// -----

// The first failing op in the block's order reports, not a later one.
func.func @first_in_order(%a: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %0 = stablehlo.add %1, %a : tensor<i32>
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %1 = stablehlo.add %2, %a : tensor<i32>
  %2 = stablehlo.add %a, %a : tensor<i32>
  return %0 : tensor<i32>
}

// -----

// An unregistered op's region may be a graph: any order passes.
func.func @graph_region(%a: tensor<i32>) -> tensor<i32> {
  "test.graph"() ({
  ^bb0(%x: tensor<i32>):
    %0 = "test.op"(%1, %x) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %1 = "test.op"(%0, %0) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "test.done"(%1) : (tensor<i32>) -> ()
  }) : () -> ()
  return %a : tensor<i32>
}

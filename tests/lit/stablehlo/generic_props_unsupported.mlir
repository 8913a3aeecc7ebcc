// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// StableHLO, Shardy and MHLO ops whose ODS declares no attribute have no
// properties: the generic form's `<{...}>` is MLIR's "does not support
// properties" error at the op's name (setPropertiesFromAttribute), even
// when empty. mhlo.copy has one (cross_program_prefetch_index) and takes
// it.

func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{invalid properties {} for op stablehlo.add: this operation does not support properties}}
  %0 = "stablehlo.add"(%a, %a) <{}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @f(%a: tensor<i1>, %b: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{invalid properties {x = 1 : i64} for op stablehlo.if: this operation does not support properties}}
  %0 = "stablehlo.if"(%a) <{x = 1}> ({
    "stablehlo.return"(%b) : (tensor<2xf32>) -> ()
  }, {
    "stablehlo.return"(%b) : (tensor<2xf32>) -> ()
  }) : (tensor<i1>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{invalid properties {} for op sdy.func_data_flow_edge: this operation does not support properties}}
  %0 = "sdy.func_data_flow_edge"(%a) <{}> : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{invalid properties 2 : i64 for op stablehlo.iota: expected DictionaryAttr to set properties}}
  %0 = "stablehlo.iota"() <2> : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "mhlo.copy"(%a) <{cross_program_prefetch_index = 0 : i32}> : (tensor<2xf32>) -> tensor<2xf32>
  // expected-error @+1 {{invalid properties {} for op mhlo.tuple: this operation does not support properties}}
  %1 = "mhlo.tuple"(%0) <{}> : (tensor<2xf32>) -> tuple<tensor<2xf32>>
  return %0 : tensor<2xf32>
}

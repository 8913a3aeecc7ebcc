// RUN: sdy_opt -split-input-file -verify-diagnostics %s | FileCheck %s
// mhlo.custom_call's operands and results are MHLO's ODS
// Variadic<MHLO_TensorOrTokenOrTuple> (openxla/xla hlo_ops.td; hlo_base.td:
// AnyTypeOf<[HLO_Tensor, HLO_Token, HLO_Tuple]>, HLO_Tuple a NestedTupleOf
// HLO_Tensor, HLO_PerAxisQuantizedIntTensor and HLO_Token), where
// stablehlo.custom_call takes any type: a memref, an unranked tensor, an
// index tensor or a tuple holding one fails with ODS's message. The token
// is MHLO's own (its isa<TokenType> is generated in the mhlo namespace):
// !stablehlo.token is not one. sharc accepted them all.

// CHECK-LABEL: func @tensors_and_tuples
func.func @tensors_and_tuples(%a: tensor<2xf32>) {
  // CHECK: mhlo.custom_call @foo(%arg0) : (tensor<2xf32>) -> (tuple<tensor<2xf32>, tuple<>>, tuple<>, tensor<?xi8>)
  %0:3 = mhlo.custom_call @foo(%a) : (tensor<2xf32>) -> (tuple<tensor<2xf32>, tuple<>>, tuple<>, tensor<?xi8>)
  return
}

// -----

func.func @memref_operand(%a: memref<2xf32>) {
  // expected-error @below {{'mhlo.custom_call' op operand #0 must be variadic of ranked tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized values or token or nested tuple with any combination of ranked tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized values or ranked tensor of per-axis integer quantized values or token values, but got 'memref<2xf32>'}}
  %0 = mhlo.custom_call @foo(%a) : (memref<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @memref_result(%a: tensor<2xf32>) {
  // expected-error @below {{'mhlo.custom_call' op result #0 must be variadic of ranked tensor of}}
  %0 = mhlo.custom_call @foo(%a) : (tensor<2xf32>) -> memref<2xf32>
  return
}

// -----

func.func @unranked_operand(%a: tensor<2xf32>, %b: tensor<*xf32>) {
  // expected-error @below {{'mhlo.custom_call' op operand #1 must be variadic of ranked tensor of}}
  %0 = mhlo.custom_call @foo(%a, %b) : (tensor<2xf32>, tensor<*xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @memref_in_nested_tuple(%a: tensor<2xf32>) {
  // expected-error @below {{but got 'tuple<tensor<2xf32>, tuple<memref<2xf32>>>'}}
  %0 = mhlo.custom_call @foo(%a) : (tensor<2xf32>) -> tuple<tensor<2xf32>, tuple<memref<2xf32>>>
  return
}

// -----

func.func @index_elements(%a: tensor<2xindex>) {
  // expected-error @below {{'mhlo.custom_call' op operand #0 must be variadic of ranked tensor of}}
  %0 = "mhlo.custom_call"(%a) {call_target_name = "foo"} : (tensor<2xindex>) -> tensor<2xf32>
  return
}

// -----

func.func @stablehlo_token(%t: !stablehlo.token) {
  // expected-error @below {{but got '!stablehlo.token'}}
  %0 = mhlo.custom_call @foo(%t) : (!stablehlo.token) -> tensor<2xf32>
  return
}

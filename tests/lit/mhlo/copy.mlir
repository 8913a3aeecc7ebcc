// RUN: sdy_opt %s -split-input-file -verify-diagnostics | FileCheck %s

// mhlo.copy parses in both type forms and prints the short one.
// CHECK-LABEL: func @copy_forms
func.func @copy_forms(%arg0: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // CHECK-NEXT: %0 = mhlo.copy %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@m, [{}, {}]>]>} : tensor<4x2xf32>
  // CHECK-NEXT: %1 = mhlo.copy %0 : tensor<4x2xf32>
  %0 = mhlo.copy %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@m, [{}, {}]>]>} : tensor<4x2xf32>
  %1 = mhlo.copy %0 : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}
sdy.mesh @m = <["x"=2]>

// -----

func.func @copy_type_mismatch(%arg0: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'mhlo.copy' op requires the same type for all operands and results}}
  %0 = mhlo.copy %arg0 : (tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// MHLO's ODS: MHLO_TensorOrTokenOrTuple in and out (hlo_ops.td), checked
// before the types are compared; sharc took any type. A tuple of tensors
// (XLA's cross-program prefetch copies one) passes.
// CHECK-LABEL: func @copy_tuple
// CHECK-NEXT: %0 = mhlo.copy %arg0 : tuple<tensor<2x3xi32>, tuple<tensor<i32>>>
func.func @copy_tuple(%arg0: tuple<tensor<2x3xi32>, tuple<tensor<i32>>>) -> tuple<tensor<2x3xi32>, tuple<tensor<i32>>> {
  %0 = mhlo.copy %arg0 : tuple<tensor<2x3xi32>, tuple<tensor<i32>>>
  return %0 : tuple<tensor<2x3xi32>, tuple<tensor<i32>>>
}

// -----

func.func @copy_memref(%arg0: memref<4xf32>) -> memref<4xf32> {
  // expected-error @+1 {{'mhlo.copy' op operand #0 must be ranked tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized values or token or nested tuple with any combination of ranked tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized values or ranked tensor of per-axis integer quantized values or token values, but got 'memref<4xf32>'}}
  %0 = mhlo.copy %arg0 : memref<4xf32>
  return %0 : memref<4xf32>
}

// -----

func.func @copy_unranked(%arg0: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'mhlo.copy' op operand #0 must be ranked tensor of}}
  %0 = mhlo.copy %arg0 : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// The token is MHLO's own: !stablehlo.token is none.
func.func @copy_stablehlo_token(%arg0: !stablehlo.token) -> !stablehlo.token {
  // expected-error @+1 {{'mhlo.copy' op operand #0 must be ranked tensor of}}
  %0 = mhlo.copy %arg0 : !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

func.func @copy_memref_result(%arg0: tensor<4xf32>) -> memref<4xf32> {
  // expected-error @+1 {{'mhlo.copy' op result #0 must be ranked tensor of}}
  %0 = mhlo.copy %arg0 : (tensor<4xf32>) -> memref<4xf32>
  return %0 : memref<4xf32>
}

// -----

func.func @copy_index_tuple(%arg0: tuple<tensor<2xindex>>) -> tuple<tensor<2xindex>> {
  // expected-error @+1 {{'mhlo.copy' op operand #0 must be ranked tensor of}}
  %0 = mhlo.copy %arg0 : tuple<tensor<2xindex>>
  return %0 : tuple<tensor<2xindex>>
}

// -----

// cross_program_prefetch_index is MHLO's OptionalAttr<I32Attr>
// (hlo_ops.td): the custom form's parser checks it after the attr-dict
// (verifyInherentAttrs), the verifier before the operand and result types.
// CHECK-LABEL: func @copy_prefetch_index
// CHECK-NEXT: %0 = mhlo.copy %arg0 {cross_program_prefetch_index = 0 : i32} : tensor<4xf32>
func.func @copy_prefetch_index(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mhlo.copy %arg0 {cross_program_prefetch_index = 0 : i32} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @copy_prefetch_index_i64(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mhlo.copy' op attribute 'cross_program_prefetch_index' failed to satisfy constraint: 32-bit signless integer attribute}}
  %0 = mhlo.copy %arg0 {cross_program_prefetch_index = 1 : i64} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @copy_prefetch_index_string(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mhlo.copy' op attribute 'cross_program_prefetch_index' failed to satisfy constraint: 32-bit signless integer attribute}}
  %0 = mhlo.copy %arg0 {cross_program_prefetch_index = "x"} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The generic form: an integer of another width converts to the property
// and fails the verifier; the attribute checked before the types.
func.func @copy_prefetch_index_generic_i64(%arg0: tensor<4xf32>) -> memref<4xf32> {
  // expected-error @+1 {{'mhlo.copy' op attribute 'cross_program_prefetch_index' failed to satisfy constraint: 32-bit signless integer attribute}}
  %0 = "mhlo.copy"(%arg0) <{cross_program_prefetch_index = 1 : i64}> : (tensor<4xf32>) -> memref<4xf32>
  return %0 : memref<4xf32>
}

// -----

// Anything else does not convert to the property at all.
func.func @copy_prefetch_index_generic_string(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{invalid properties {cross_program_prefetch_index = "x"} for op mhlo.copy: Invalid attribute `cross_program_prefetch_index` in property conversion: "x"}}
  %0 = "mhlo.copy"(%arg0) <{cross_program_prefetch_index = "x"}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Without a `<{...}>`, the parser's verifyInherentAttrs.
func.func @copy_prefetch_index_generic_dict(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mhlo.copy' op attribute 'cross_program_prefetch_index' failed to satisfy constraint: 32-bit signless integer attribute}}
  %0 = "mhlo.copy"(%arg0) {cross_program_prefetch_index = true} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

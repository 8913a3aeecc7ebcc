// RUN: sdy_opt -split-input-file -verify-diagnostics %s | FileCheck %s
// mhlo.tuple's ODS types (openxla/xla hlo_ops.td): operands
// Variadic<MHLO_TensorOrTokenOrTuple>, result MHLO_Tuple (HLO_Tuple, a
// NestedTupleOf HLO_Tensor, HLO_PerAxisQuantizedIntTensor and HLO_Token),
// checked before the inferred type; sharc accepted a memref operand and
// reported a non-tuple result as an inference failure.

// CHECK-LABEL: func @nested
func.func @nested(%a: tensor<2xf32>) -> tuple<tensor<2xf32>, tuple<>> {
  // CHECK: mhlo.tuple %arg0, %0 : tuple<tensor<2xf32>, tuple<>>
  %e = mhlo.tuple : tuple<>
  %0 = mhlo.tuple %a, %e : tuple<tensor<2xf32>, tuple<>>
  return %0 : tuple<tensor<2xf32>, tuple<>>
}

// -----

func.func @memref_operand(%a: memref<2xf32>) {
  // expected-error @below {{'mhlo.tuple' op operand #0 must be variadic of ranked tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized values or token or nested tuple with any combination of ranked tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized values or ranked tensor of per-axis integer quantized values or token values, but got 'memref<2xf32>'}}
  %0 = "mhlo.tuple"(%a) : (memref<2xf32>) -> tuple<memref<2xf32>>
  return
}

// -----

func.func @result_not_a_tuple(%a: tensor<2xf32>) {
  // expected-error @below {{'mhlo.tuple' op result #0 must be nested tuple with any combination of ranked tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized values or ranked tensor of per-axis integer quantized values or token values, but got 'tensor<2xf32>'}}
  %0 = "mhlo.tuple"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// RUN: sdy_opt %s -split-input-file -verify-diagnostics | FileCheck %s
// quant.qcast, quant.dcast and quant.scast, with MLIR's checks of the
// per-axis and sub-channel parameters against the container.

// CHECK-LABEL: func @casts
// CHECK: quant.qcast %arg0 : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32:0, {1.000000e+00,2.000000e+00}>>
// CHECK: quant.dcast %arg1 : tensor<2x!quant.uniform<i8:f32, 1.000000e+00>> to tensor<2xf32>
// CHECK: quant.scast %arg1 : tensor<2x!quant.uniform<i8:f32, 1.000000e+00>> to tensor<2xi8>
func.func @casts(%a: tensor<2xf32>, %b: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  %0 = quant.qcast %a : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  %1 = quant.dcast %b : tensor<2x!quant.uniform<i8:f32, 1.0>> to tensor<2xf32>
  %2 = quant.scast %b : tensor<2x!quant.uniform<i8:f32, 1.0>> to tensor<2xi8>
  return
}

// -----

func.func @expressed(%a: tensor<2xf32>) {
  // expected-error @below {{expressed type in quantized type expected to match float type}}
  %0 = quant.qcast %a : tensor<2xf32> to tensor<2x!quant.uniform<i8:f16, 1.0>>
  return
}

// -----

func.func @scales(%a: tensor<2xf32>) {
  // expected-error @below {{quantized dimension size does not match number of scales}}
  %0 = quant.qcast %a : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>>
  return
}

// -----

func.func @block(%a: tensor<2xf32>) {
  // expected-error @below {{tensor dimension size 2 at axis 0 must be divisible by the corresponding block size 3}}
  %0 = quant.qcast %a : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32:{0:3}, {1.0}>>
  return
}

// -----

func.func @scast(%a: tensor<2xi8>) {
  // expected-error @below {{'quant.scast' op failed to verify that input must be integer and result must be quantized, or vice versa}}
  %0 = quant.scast %a : tensor<2xi8> to tensor<2xi8>
  return
}

// -----

func.func @scalar_per_axis(%c: f32) {
  // expected-error @below {{scalar types may not use per-axis quantization}}
  %0 = quant.qcast %c : f32 to !quant.uniform<i8:f32:0, {1.0}>
  return
}

// RUN: sdy_opt %s -xla-sdy-round-trip-clone-manual-computation-calls | FileCheck %s

// The second and third calls of one manual-computation body get clones of
// it (named past the `_0` already taken); other functions are left shared.
// CHECK-LABEL: func @main
// CHECK-NEXT:    %0 = call @xla.sdy.manual_computation_body(%arg0)
// CHECK-NEXT:    %1 = call @xla.sdy.manual_computation_body_1(%0)
// CHECK-NEXT:    %2 = call @xla.sdy.manual_computation_body_2(%1)
// CHECK-NEXT:    %3 = call @other(%2)
// CHECK-NEXT:    %4 = call @other(%3)
// CHECK:       func.func @xla.sdy.manual_computation_body(
// CHECK:       func.func @xla.sdy.manual_computation_body_0(
// CHECK:       func.func @other(
// CHECK:       func.func @xla.sdy.manual_computation_body_1(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:    stablehlo.abs %arg0
// CHECK:       func.func @xla.sdy.manual_computation_body_2(
func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = call @xla.sdy.manual_computation_body(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = call @xla.sdy.manual_computation_body(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = call @xla.sdy.manual_computation_body(%1) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = call @other(%2) : (tensor<4xf32>) -> tensor<4xf32>
  %4 = call @other(%3) : (tensor<4xf32>) -> tensor<4xf32>
  return %4 : tensor<4xf32>
}
func.func @xla.sdy.manual_computation_body(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.abs %arg0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @xla.sdy.manual_computation_body_0(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}
func.func @other(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}

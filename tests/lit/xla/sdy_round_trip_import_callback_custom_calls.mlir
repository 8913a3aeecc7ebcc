// RUN: sdy_opt %s -sdy-round-trip-import-callback-custom-calls | FileCheck %s

// A Python callback without results gets its first operand's type as a
// result and its first operand layout as the result layout; callbacks
// with results or without operands, and other custom calls, stay.

// CHECK: func.func @callback_without_result(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = stablehlo.custom_call @xla_python_cpu_callback(%arg0) {has_side_effect = true, operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<0> : tensor<1xindex>]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %arg0 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @callback_with_result_kept(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = stablehlo.custom_call @xla_ffi_python_gpu_callback(%arg0) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %0 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @callback_without_operand_kept() {
// CHECK-NEXT: stablehlo.custom_call @xla_python_cpu_callback() {has_side_effect = true} : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @callback_without_layouts(%arg0: tensor<2xi32>) -> tensor<2xi32> {
// CHECK-NEXT: %0 = stablehlo.custom_call @xla_python_gpu_callback(%arg0) {has_side_effect = true} : (tensor<2xi32>) -> tensor<2xi32>
// CHECK-NEXT: return %arg0 : tensor<2xi32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @other_custom_call_kept(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: stablehlo.custom_call @foo(%arg0) {has_side_effect = true} : (tensor<4xf32>) -> ()
// CHECK-NEXT: return %arg0 : tensor<4xf32>
// CHECK-NEXT: }

func.func @callback_without_result(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  stablehlo.custom_call @xla_python_cpu_callback(%arg0) {has_side_effect = true, operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = []} : (tensor<4xf32>) -> ()
  return %arg0 : tensor<4xf32>
}

func.func @callback_with_result_kept(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @xla_ffi_python_gpu_callback(%arg0) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @callback_without_operand_kept() {
  stablehlo.custom_call @xla_python_cpu_callback() {has_side_effect = true} : () -> ()
  return
}

func.func @callback_without_layouts(%arg0: tensor<2xi32>) -> tensor<2xi32> {
  stablehlo.custom_call @xla_python_gpu_callback(%arg0) {has_side_effect = true} : (tensor<2xi32>) -> ()
  return %arg0 : tensor<2xi32>
}

func.func @other_custom_call_kept(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  stablehlo.custom_call @foo(%arg0) {has_side_effect = true} : (tensor<4xf32>) -> ()
  return %arg0 : tensor<4xf32>
}

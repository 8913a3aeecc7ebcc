// RUN: stablehlo-opt --stablehlo-legalize-to-vhlo --mlir-print-op-generic %s | FileCheck %s
// RUN: stablehlo-opt --stablehlo-legalize-to-vhlo %s | stablehlo-opt --vhlo-legalize-to-stablehlo > %t.0
// RUN: stablehlo-opt %s > %t.1
// RUN: diff %t.0 %t.1
// StableHLO into VHLO and back: ops at their current version, defaults made
// explicit and removed again, struct attributes exploded and imploded.

// CHECK-LABEL: "vhlo.func_v1"
// CHECK-SAME: sym_name = #vhlo.string_v1<"main">
// CHECK-SAME: sym_visibility = #vhlo.string_v1<"">
func.func @main(%arg0: tensor<4x?xf32, #stablehlo.bounds<?, 16>>, %arg1: tensor<2x1xi64>) -> tensor<f32> {
  // CHECK: "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.000000e+00> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
  %c = stablehlo.constant dense<1.0> : tensor<f32>
  // CHECK: "vhlo.compare_v1"
  // CHECK-SAME: compare_type = #vhlo<comparison_type_v1 NOTYPE>
  // CHECK-SAME: comparison_direction = #vhlo<comparison_direction_v1 LT>
  %p = stablehlo.compare LT, %c, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
  // CHECK: "vhlo.exponential_v2"
  // CHECK-SAME: result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>
  %e = stablehlo.exponential %c : tensor<f32>
  // CHECK: "vhlo.broadcast_in_dim_v1"
  // CHECK-SAME: broadcast_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>
  %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  // CHECK: "vhlo.gather_v2"
  // CHECK-SAME: collapsed_slice_dims = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>
  // CHECK-SAME: index_vector_dim = #vhlo.integer_v1<1 : i64>
  // CHECK-SAME: indices_are_sorted = #vhlo.bool_v1<false>
  // CHECK-SAME: offset_dims = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>
  // CHECK-SAME: operand_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>
  %g = "stablehlo.gather"(%b, %arg1) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 3>
  } : (tensor<2x3xf32>, tensor<2x1xi64>) -> tensor<2x3xf32>
  // CHECK: "vhlo.custom_call_v2"
  // CHECK-SAME: api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>
  // CHECK-SAME: backend_config = #vhlo.string_v1<"">
  // CHECK-SAME: result_tilings = #vhlo.array_v1<[]>
  stablehlo.custom_call @foo(%g) {has_side_effect = true} : (tensor<2x3xf32>) -> ()
  // CHECK: "vhlo.return_v1"
  return %e : tensor<f32>
}

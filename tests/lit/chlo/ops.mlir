// RUN: stablehlo-opt %s | FileCheck %s
// RUN: stablehlo-opt %s -mlir-print-op-generic | stablehlo-opt | FileCheck %s
// CHLO ops in their custom forms, inferred types that broadcast.

// CHECK-LABEL: func @forms
func.func @forms(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %g: tensor<3xi64>, %p: tensor<2x3xi1>, %u: tensor<*xf32>) -> tensor<2x3xf32> {
  // CHECK: chlo.broadcast_add %arg0, %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_multiply %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_multiply %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_compare %arg0, %arg0 {compare_type = #chlo<comparison_type FLOAT>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %2 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type FLOAT>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: chlo.broadcast_select %arg3, %arg0, %arg1 : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %3 = chlo.broadcast_select %p, %a, %b : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.broadcast_complex %arg0, %arg0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %4 = chlo.broadcast_complex %a, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  // CHECK: chlo.next_after %arg0, %arg0 : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  %5 = chlo.next_after %a, %a : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK: chlo.is_inf %arg1 : tensor<3xf32> -> tensor<3xi1>
  %6 = chlo.is_inf %b : tensor<3xf32> -> tensor<3xi1>
  // CHECK: %values, %indices = chlo.top_k(%arg1, k = 2, is_stable = false) : tensor<3xf32> -> (tensor<2xf32>, tensor<2xi32>)
  %7:2 = chlo.top_k(%b, k = 2, is_stable = false) : tensor<3xf32> -> (tensor<2xf32>, tensor<2xi32>)
  // CHECK: chlo.top_k(%arg1, k = 1) : tensor<3xf32> -> (tensor<1xf32>, tensor<1xi32>)
  %8:2 = chlo.top_k(%b, k = 1, is_stable = true) : tensor<3xf32> -> (tensor<1xf32>, tensor<1xi32>)
  // CHECK: chlo.constant dense<1.000000e+00> : tensor<2xf32>
  %9 = chlo.constant dense<1.0> : tensor<2xf32>
  // CHECK: "chlo.constant_like"(%arg0) <{value = 1.000000e+00 : f32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %10 = "chlo.constant_like"(%a) {value = 1.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "chlo.ragged_dot"(%arg0, %arg0, %arg2) <{precision_config = [#chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1]>}>
  %11 = "chlo.ragged_dot"(%a, %a, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1]>, precision_config = [#chlo<precision DEFAULT>]} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xi64>) -> tensor<3x2x2xf32>
  // Unranked operands infer an unranked result, compatible with any.
  // CHECK: chlo.broadcast_subtract %arg4, %arg0 : (tensor<*xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %12 = chlo.broadcast_subtract %u, %a : (tensor<*xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: chlo.scan(%arg0) inits (%arg1) dimension=0 attributes {is_reverse = true} {
  // CHECK-NEXT: ^bb0(%input: tensor<3xf32>, %carry: tensor<3xf32>):
  %13:2 = chlo.scan (%a) inits (%b) dimension = 0 attributes {is_reverse = true} {
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    %s = stablehlo.add %x, %c : tensor<3xf32>
    stablehlo.return %s, %s : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0 : tensor<2x3xf32>
}

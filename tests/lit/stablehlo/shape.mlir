// RUN: sdy_opt %s | FileCheck %s
// RUN: sdy_opt %s > %t.1 && sdy_opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: sdy_opt %s -mlir-print-op-generic > %t.g && mlir-opt-22 --allow-unregistered-dialect -mlir-print-op-generic %t.g | diff %t.g -
// RUN: sdy_opt %t.g | diff %t.1 -
// Shape ops: reshape, broadcasts, transpose, slices, pad, concatenate, iota,
// gather and scatter.

// CHECK-LABEL: func.func @shapes
func.func @shapes(%a: tensor<4x8xf32>, %i: tensor<i32>, %s: tensor<f32>, %d: tensor<2xi64>) -> tensor<8x4xf32> {
  // CHECK: stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<32xf32>
  %0 = stablehlo.reshape %a : (tensor<4x8xf32>) -> tensor<32xf32>
  // CHECK: stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
  %1 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
  // CHECK: stablehlo.broadcast %arg0, sizes = [2] : (tensor<4x8xf32>) -> tensor<2x4x8xf32>
  %2 = stablehlo.broadcast %a, sizes = [2] : (tensor<4x8xf32>) -> tensor<2x4x8xf32>
  // CHECK: stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  %3 = stablehlo.transpose %a, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  // CHECK: stablehlo.slice %arg0 [0:4, 2:8:2] : (tensor<4x8xf32>) -> tensor<4x3xf32>
  %4 = stablehlo.slice %a [0:4, 2:8:2] : (tensor<4x8xf32>) -> tensor<4x3xf32>
  // CHECK: stablehlo.dynamic_slice %arg0, %arg1, %arg1, sizes = [2, 2] : (tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  %5 = stablehlo.dynamic_slice %a, %i, %i, sizes = [2, 2] : (tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  // CHECK: stablehlo.dynamic_update_slice %arg0, %{{.*}}, %arg1, %arg1 : (tensor<4x8xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
  %6 = stablehlo.dynamic_update_slice %a, %5, %i, %i : (tensor<4x8xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
  // CHECK: stablehlo.pad %arg0, %arg2, low = [0, 1], high = [1, -1], interior = [0, 0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<5x8xf32>
  %7 = stablehlo.pad %a, %s, low = [0, 1], high = [1, -1], interior = [0, 0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<5x8xf32>
  // CHECK: stablehlo.concatenate %arg0, %arg0, dim = 1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
  %8 = stablehlo.concatenate %a, %a, dim = 1 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
  // CHECK: stablehlo.reverse %arg0, dims = [0] : tensor<4x8xf32>
  %9 = stablehlo.reverse %a, dims = [0] : tensor<4x8xf32>
  // CHECK: stablehlo.iota dim = 1 : tensor<4x8xi32>
  %10 = stablehlo.iota dim = 1 : tensor<4x8xi32>
  // CHECK: stablehlo.dynamic_iota %arg3, dim = 0 : (tensor<2xi64>) -> tensor<4x8xf32>
  %11 = stablehlo.dynamic_iota %d, dim = 0 : (tensor<2xi64>) -> tensor<4x8xf32>
  // CHECK: stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<4x8xf32>) -> tensor<i32>
  %12 = stablehlo.get_dimension_size %a, dim = 1 : (tensor<4x8xf32>) -> tensor<i32>
  // CHECK: stablehlo.dynamic_broadcast_in_dim %arg2, %arg3, dims = [] : (tensor<f32>, tensor<2xi64>) -> tensor<4x8xf32>
  %13 = stablehlo.dynamic_broadcast_in_dim %s, %d, dims = [] : (tensor<f32>, tensor<2xi64>) -> tensor<4x8xf32>
  // CHECK: stablehlo.dynamic_reshape %arg0, %arg3 : (tensor<4x8xf32>, tensor<2xi64>) -> tensor<8x4xf32>
  %14 = stablehlo.dynamic_reshape %a, %d : (tensor<4x8xf32>, tensor<2xi64>) -> tensor<8x4xf32>
  // CHECK: stablehlo.tuple %arg0, %arg2 : tuple<tensor<4x8xf32>, tensor<f32>>
  %15 = stablehlo.tuple %a, %s : tuple<tensor<4x8xf32>, tensor<f32>>
  // CHECK: stablehlo.get_tuple_element %{{.*}}[1] : (tuple<tensor<4x8xf32>, tensor<f32>>) -> tensor<f32>
  %16 = stablehlo.get_tuple_element %15[1] : (tuple<tensor<4x8xf32>, tensor<f32>>) -> tensor<f32>
  return %3 : tensor<8x4xf32>
}

// CHECK-LABEL: func.func @gather_scatter
func.func @gather_scatter(%operand: tensor<3x4x2xi32>, %idx: tensor<2x3x2xi64>, %upd: tensor<2x3x2x2xi32>) -> tensor<3x4x2xi32> {
  // CHECK: "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  %0 = "stablehlo.gather"(%operand, %idx) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [2, 3],
      collapsed_slice_dims = [0],
      start_index_map = [1, 0],
      index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 2, 2>,
    indices_are_sorted = false
  } : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  // CHECK: "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>, unique_indices = false}> ({
  // CHECK-NEXT: ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
  // CHECK-NEXT:   stablehlo.add %arg3, %arg4 : tensor<i32>
  %1 = "stablehlo.scatter"(%operand, %idx, %upd) <{
      indices_are_sorted = false,
      scatter_dimension_numbers = #stablehlo.scatter<
        update_window_dims = [2, 3],
        inserted_window_dims = [0],
        scatter_dims_to_operand_dims = [1, 0],
        index_vector_dim = 2>,
      unique_indices = false}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<3x4x2xi32>, tensor<2x3x2xi64>, tensor<2x3x2x2xi32>) -> tensor<3x4x2xi32>
  // Batching dims, in any order in the input, print in field order.
  // CHECK: #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [2], start_indices_batching_dims = [0], start_index_map = [0, 1], index_vector_dim = 2>
  %2 = "stablehlo.gather"(%operand, %idx) <{dimension_numbers = #stablehlo.gather<index_vector_dim = 2, start_index_map = [0, 1], offset_dims = [1], operand_batching_dims = [2], start_indices_batching_dims = [0], collapsed_slice_dims = [1]>, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x1x3xi32>
  return %1 : tensor<3x4x2xi32>
}

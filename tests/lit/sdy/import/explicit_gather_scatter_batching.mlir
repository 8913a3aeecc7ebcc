// RUN: sdy_opt %s -sdy-explicit-gather-scatter-batching | FileCheck %s

// Indices that are no concatenation are sliced around the iota component,
// the slices concatenated again; attributes other than the dimension numbers
// are kept and indices_are_sorted is spelled out.
// CHECK-LABEL: func @slices_around_component
func.func @slices_around_component(%operand: tensor<4x8x16xf32>) -> tensor<4x1xf32> {
  // CHECK-NEXT: %[[IOTA:.*]] = stablehlo.iota dim = 0 : tensor<4x3xi32>
  // CHECK-NEXT: %[[S0:.*]] = stablehlo.slice %[[IOTA]] [0:4, 0:1] : (tensor<4x3xi32>) -> tensor<4x1xi32>
  // CHECK-NEXT: %[[S1:.*]] = stablehlo.slice %[[IOTA]] [0:4, 2:3] : (tensor<4x3xi32>) -> tensor<4x1xi32>
  // CHECK-NEXT: %[[CAT:.*]] = stablehlo.concatenate %[[S0]], %[[S1]], dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
  // CHECK-NEXT: "stablehlo.gather"(%arg0, %[[CAT]])
  // CHECK-SAME: dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}>
  // CHECK-SAME: {foo = "bar"}
  %iota = stablehlo.iota dim = 0 : tensor<4x3xi32>
  %result = "stablehlo.gather"(%operand, %iota) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0, 1],
      start_index_map = [1, 0, 2],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 1, 1>, foo = "bar"
  } : (tensor<4x8x16xf32>, tensor<4x3xi32>) -> tensor<4x1xf32>
  return %result : tensor<4x1xf32>
}

// The component at the end: one slice, no concatenation. Reaching the iota
// through a select (its false branch when an iota defines it) and a clamp.
// CHECK-LABEL: func @select_and_clamp
func.func @select_and_clamp(%operand: tensor<4x8xf32>, %pred: tensor<4x2xi1>, %other: tensor<4x2xi32>, %lo: tensor<4x2xi32>) -> tensor<4x1xf32> {
  // CHECK:      %[[SLICE:.*]] = stablehlo.slice %{{.*}} [0:4, 0:1] : (tensor<4x2xi32>) -> tensor<4x1xi32>
  // CHECK-NEXT: "stablehlo.gather"(%arg0, %[[SLICE]])
  // CHECK-SAME: operand_batching_dims = [0]
  %iota = stablehlo.iota dim = 0 : tensor<4x2xi32>
  %sel = stablehlo.select %pred, %other, %iota : tensor<4x2xi1>, tensor<4x2xi32>
  %clamped = stablehlo.clamp %lo, %sel, %lo : tensor<4x2xi32>
  %result = "stablehlo.gather"(%operand, %clamped) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [1, 0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 1>
  } : (tensor<4x8xf32>, tensor<4x2xi32>) -> tensor<4x1xf32>
  return %result : tensor<4x1xf32>
}

// No rewrite: an iota along another dimension, an index vector dimension past
// the rank, or a concatenation along another dimension.
// CHECK-LABEL: func @no_rewrite
func.func @no_rewrite(%operand: tensor<4x8xf32>, %idx: tensor<2x1xi32>) -> (tensor<4x1xf32>, tensor<4x8xf32>, tensor<4x1xf32>) {
  // CHECK-NOT: batching_dims
  %iota1 = stablehlo.iota dim = 1 : tensor<4x2xi32>
  %0 = "stablehlo.gather"(%operand, %iota1) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 1>
  } : (tensor<4x8xf32>, tensor<4x2xi32>) -> tensor<4x1xf32>
  %iota0 = stablehlo.iota dim = 0 : tensor<4xi32>
  %1 = "stablehlo.gather"(%operand, %iota0) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 8>
  } : (tensor<4x8xf32>, tensor<4xi32>) -> tensor<4x8xf32>
  %iota2 = stablehlo.iota dim = 0 : tensor<2x2xi32>
  %cat = stablehlo.concatenate %iota2, %iota2, dim = 0 : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<4x2xi32>
  %2 = "stablehlo.gather"(%operand, %cat) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 1>
  } : (tensor<4x8xf32>, tensor<4x2xi32>) -> tensor<4x1xf32>
  return %0, %1, %2 : tensor<4x1xf32>, tensor<4x8xf32>, tensor<4x1xf32>
}

// A variadic scatter: its indices come after the inputs; the flags are spelled
// out and its update computation moves over. A three-way concatenation keeps
// the two other components.
// CHECK-LABEL: func @variadic_scatter
func.func @variadic_scatter(%in0: tensor<4x8x8xf32>, %in1: tensor<4x8x8xf32>, %a: tensor<4x1xi32>, %b: tensor<4x1xi32>, %u0: tensor<4xf32>, %u1: tensor<4xf32>) -> (tensor<4x8x8xf32>, tensor<4x8x8xf32>) {
  // CHECK:      %[[CAT:.*]] = stablehlo.concatenate %arg2, %arg3, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
  // CHECK-NEXT: %[[S:.*]]:2 = "stablehlo.scatter"(%arg0, %arg1, %[[CAT]], %arg4, %arg5) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1, 2], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1, 2], index_vector_dim = 1>, unique_indices = true}> ({
  // CHECK-NEXT: ^bb0(%[[X0:.*]]: tensor<f32>, %[[X1:.*]]: tensor<f32>, %[[Y0:.*]]: tensor<f32>, %[[Y1:.*]]: tensor<f32>):
  // CHECK-NEXT:   stablehlo.return %[[Y0]], %[[Y1]]
  // CHECK-NEXT: }) {sdy.sharding = #sdy.sharding_per_value<[<mesh<["a"=2]>, [{}, {}, {}]>, <mesh<["a"=2]>, [{}, {}, {}]>]>}
  // CHECK-NEXT: return %[[S]]#0, %[[S]]#1
  %iota = stablehlo.iota dim = 0 : tensor<4x1xi32>
  %idx = stablehlo.concatenate %a, %iota, %b, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x3xi32>
  %r:2 = "stablehlo.scatter"(%in0, %in1, %idx, %u0, %u1) <{
    scatter_dimension_numbers = #stablehlo.scatter<
      inserted_window_dims = [0, 1, 2],
      scatter_dims_to_operand_dims = [1, 0, 2],
      index_vector_dim = 1>,
    unique_indices = true
  }> ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %y0: tensor<f32>, %y1: tensor<f32>):
    stablehlo.return %y0, %y1 : tensor<f32>, tensor<f32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<mesh<["a"=2]>, [{}, {}, {}]>, <mesh<["a"=2]>, [{}, {}, {}]>]>} : (tensor<4x8x8xf32>, tensor<4x8x8xf32>, tensor<4x3xi32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4x8x8xf32>, tensor<4x8x8xf32>)
  return %r#0, %r#1 : tensor<4x8x8xf32>, tensor<4x8x8xf32>
}

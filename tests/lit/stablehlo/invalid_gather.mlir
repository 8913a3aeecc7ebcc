// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// StableHLO's gather rules: dimension numbers against the ranks, slice
// sizes against the operand, and the inferred result.

func.func @operand_rank(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{offset_dims size (1) plus collapse_slice_dims size (1) plus operand_batching_dims size (0) is not equal to operand rank (3)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

func.func @index_vector_dim(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{Expects index_vector_dim to be in range [0, rank-of('start_indices')] i.e. [0, 3]. got: 4.}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 4>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

func.func @start_index_map(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{start_index_map size (1) is not equal to size of index dimension (2) of start_indices (2)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

func.func @offset_sorted(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{expects offset_dims to be sorted, got: [3, 2]}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 2], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

func.func @collapsed_bounds(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{Expects each element of collapsed_slice_dims to be in range [0, rank-of('operand')) i.e. [0, 3). got: 3.}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [3], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

func.func @map_duplicate(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{has duplicated dimension from start_index_map and operand_batching_dims: 1}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

func.func @slice_sizes_rank(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{slice_sizes size (2) not equal to operand rank (3)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

func.func @collapsed_size(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{Expects that for each dim in collapsed_slice_dims, slice_sizes[dim] should be <= 1, but got 2}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 2, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  return %0 : tensor<2x3x2x2xi32>
}

// -----

func.func @slice_bounds(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x5x2xi32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{slice size (5) is out of bounds for operand dimension (4) at index 1}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 5, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x5x2xi32>
  return %0 : tensor<2x3x5x2xi32>
}

// -----

func.func @result(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x3xi32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{'stablehlo.gather' op inferred type(s) 'tensor<2x3x2x2xi32>' are incompatible with return type(s) of operation 'tensor<2x3x2x3xi32>'}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x3xi32>
  return %0 : tensor<2x3x2x3xi32>
}

// -----

func.func @batching(%a: tensor<5x4x2xi32>, %i: tensor<5x3x1xi64>) -> tensor<5x3x2xi32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{operand_batching_dims[0] and start_indices_batching_dims[0] must have compatible sizes, but got 5 and 3}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<5x4x2xi32>, tensor<5x3x1xi64>) -> tensor<5x3x2xi32>
  return %0 : tensor<5x3x2xi32>
}

// -----

func.func @valid(%a: tensor<5x4x2xi32>, %i: tensor<5x3x1xi64>, %j: tensor<2x3xi64>) -> tensor<5x3x2xi32> {
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>} : (tensor<5x4x2xi32>, tensor<5x3x1xi64>) -> tensor<5x3x2xi32>
  %1 = "stablehlo.gather"(%a, %j) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 4, 2>} : (tensor<5x4x2xi32>, tensor<2x3xi64>) -> tensor<2x3x4x2xi32>
  return %0 : tensor<5x3x2xi32>
}

// ERROR: 6:8: 'stablehlo.gather' op a sharded dimension of the gather operand must be sliced in full and divisible by the size of the axes sharding it
// ARGS: -sdy-convert-global-to-local
// NO-UNREGISTERED
sdy.mesh @mesh = <["x"=2]>
func.func @f(%arg0: tensor<8x10xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<2xi64>) -> tensor<2x4xf32> {
  %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<8x10xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// Debugging attributes of the wrong kinds, written by hand.
sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>, sdy.sharding_origins = 5})
    -> (tensor<8xf32> {sdy.sharding_origins = [1, "x"], sdy.propagation_edges = "no"}) {
  %0 = stablehlo.negate %arg0 {sdy.sharding_origins = {x = 3}, sdy.sharding_origin_name = 4,
                               sdy.result_sharding_origins = [[]], sdy.block_arg_sharding_origins = "a"} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

//!propagate
sdy.mesh @mesh = <["data"=4, "model"=2]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>} loc("x"),
                %arg1: tensor<16x32xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>})
    -> (tensor<8x32xf32> {jax.result_info = "y"}) {
  %0 = stablehlo.convert %arg1 : (tensor<16x32xbf16>) -> tensor<16x32xf32>
  %1 = stablehlo.dot_general %arg0, %0, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32> loc("m.py":3:1)
  %2 = sdy.sharding_constraint %1 <@mesh, [{"data"}, {"model"}]> : tensor<8x32xf32>
  return %2 : tensor<8x32xf32>
}

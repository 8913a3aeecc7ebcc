// Returning an unreduced value as a reduced result: Shardy's export
// rejects it once explicit reshards are asked for.
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}], unreduced={"x"}>})
    -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) {
  return %arg0 : tensor<8x4xf32>
}

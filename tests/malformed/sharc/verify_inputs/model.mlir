// The model the inputs files here are read for: two arguments.
sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: tensor<2x2xf32>) -> tensor<4xi32> {
  return %arg0 : tensor<4xi32>
}

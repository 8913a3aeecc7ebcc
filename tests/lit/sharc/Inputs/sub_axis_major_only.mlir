sdy.mesh @mesh = <["x"=4]>
func.func @main(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}]>}) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}

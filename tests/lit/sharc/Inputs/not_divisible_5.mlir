// The issue's first example: 'y' (2 devices) on a dimension of 5.
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%arg0: tensor<8x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>} loc("x"))
    -> tensor<8x5xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<8x5xf32> loc("m.py":3:5)
  return %0 : tensor<8x5xf32>
}

// A dynamic_slice whose whole (not sliced) dimension is sharded.
sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<i32>) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %arg0, %c, %arg1, sizes = [8, 2] : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

// The issue's example with the result kept as propagation shards it:
// "x":(1)2 (major) on rows, "x":(2)2 (minor) on columns.
sdy.mesh @mesh = <["x"=4]>
func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
    -> (tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"x":(2)2}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.multiply %0, %0 : tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}

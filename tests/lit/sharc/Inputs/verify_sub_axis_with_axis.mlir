// A sub-axis after a whole axis on one dimension, and a contraction over a
// sharded dimension: the all-reduce reorders float sums, so the comparison
// states its tolerance.
sdy.mesh @mesh = <["y"=2, "x"=4]>
func.func @main(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(2)2}, {"x":(1)2}]>},
                %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {}]>})
    -> (tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(2)2}, {}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
  return %0 : tensor<16x4xf32>
}

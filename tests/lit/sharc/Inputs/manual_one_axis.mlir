// A shard_map over the one axis of the mesh: each of 4 devices squares its
// 2-row block.
sdy.mesh @mesh = <["x"=4]>

func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x4xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<2x4xf32>) {
    %1 = stablehlo.multiply %arg1, %arg1 : tensor<2x4xf32>
    sdy.return %1 : tensor<2x4xf32>
  } : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// A shard_map over a mesh of 8192 devices, more than `sharc verify`
// simulates: a located error at the manual computation, never 8192 threads.
sdy.mesh @mesh = <["x"=8192]>
func.func @main(%arg0: tensor<8192xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8192xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<1xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<1xf32>
    sdy.return %1 : tensor<1xf32>
  } : (tensor<8192xf32>) -> tensor<8192xf32>
  return %0 : tensor<8192xf32>
}

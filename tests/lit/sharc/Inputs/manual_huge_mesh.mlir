// A shard_map over a mesh of more devices than the simulation runs.
sdy.mesh @mesh = <["x"=8192]>
func.func @main(%arg0: tensor<8192xf32>) -> tensor<8192xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<1xf32>) {
    sdy.return %arg1 : tensor<1xf32>
  } : (tensor<8192xf32>) -> tensor<8192xf32>
  return %0 : tensor<8192xf32>
}

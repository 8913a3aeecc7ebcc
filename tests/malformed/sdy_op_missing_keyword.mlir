// ERROR: 5:34: custom op 'sdy.all_gather' expected 'out_sharding'
// NO-UNREGISTERED
sdy.mesh @mesh = <["a"=2]>
func.func @f(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.all_gather [{}] %arg0 out_shardin=<@mesh, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

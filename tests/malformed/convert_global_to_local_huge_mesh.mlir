// ERROR: 4:1: 'sdy.mesh' op has 1099511627776 devices, more than the 1048576 the partitioner supports
// ARGS: -sdy-convert-global-to-local
// NO-UNREGISTERED
sdy.mesh @huge = <["x"=1048576, "y"=1048576]>
func.func @f(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

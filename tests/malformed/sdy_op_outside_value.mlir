// ERROR: 6:10: 'sdy.reshard' op using value defined outside the region
// NO-UNREGISTERED
sdy.mesh @mesh = <["a"=2]>
func.func @f(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={} (%arg2: tensor<8xf32>) {
    %1 = sdy.reshard %arg1 <@mesh, [{}]> : tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

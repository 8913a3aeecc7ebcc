// ERROR: 5:66: expected operation name in quotes
// NO-UNREGISTERED
sdy.mesh @mesh = <["a"=2]>
func.func @f(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.named_computation<"g">(%arg0) (%arg1: tensor<8xf32>) {

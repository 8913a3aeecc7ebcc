// The slicing dimension of a dynamic_update_slice sharded; the start index
// is out of range (clamped to 2).
sdy.mesh @mesh = <["x"=3], device_ids=[2, 0, 1]>
func.func @main(%arg0: tensor<3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: tensor<1xi32>) -> (tensor<3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %c = stablehlo.constant dense<7> : tensor<i64>
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %c : (tensor<3xi32>, tensor<1xi32>, tensor<i64>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

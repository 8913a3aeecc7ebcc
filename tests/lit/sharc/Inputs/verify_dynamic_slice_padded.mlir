// A dynamic_slice whose result is sharded on a dimension the shard count
// does not divide (size 1 on 3 devices).
sdy.mesh @mesh = <["b"=3]>
func.func @main(%arg0: tensor<3x1xf32>, %arg1: tensor<i64>) -> (tensor<1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i64>
  %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 1] : (tensor<3x1xf32>, tensor<i64>, tensor<i64>) -> tensor<1x1xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"b"}]> : tensor<1x1xf32>
  %2 = stablehlo.negate %1 : tensor<1x1xf32>
  return %2 : tensor<1x1xf32>
}

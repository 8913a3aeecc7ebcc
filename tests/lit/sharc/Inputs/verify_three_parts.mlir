// x=8 cut into three parts, major to minor, one per dimension, on an
// explicit device order.
sdy.mesh @mesh = <["x"=8], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
func.func @main(%arg0: tensor<4x4x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"x":(2)2}, {"x":(4)2}]>})
    -> (tensor<4x4x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(4)2}, {}, {"x":(1)2}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<4x4x4xi32>
  return %0 : tensor<4x4x4xi32>
}

// Only the major part of x=4 shards the argument: devices 0,1 hold rows
// 0..3, devices 2,3 rows 4..7; the result is cut by the minor part.
sdy.mesh @mesh = <["x"=4]>
func.func @main(%arg0: tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {}]>})
    -> (tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x":(2)2}]>}) {
  %0 = stablehlo.add %arg0, %arg0 : tensor<8x2xi32>
  return %0 : tensor<8x2xi32>
}

// Device ids in another order, a maximal mesh and an empty one.
sdy.mesh @mesh = <["a"=2, "b"=2], device_ids=[3, 1, 2, 0]>
sdy.mesh @one = <[], device_ids=[7]>
sdy.mesh @none = <[]>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>},
                %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@one, []>},
                %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@none, [{}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

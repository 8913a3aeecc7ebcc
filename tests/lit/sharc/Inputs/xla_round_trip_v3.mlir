// XLA's round trip with HloShardingV3: the shardings as `mhlo.sharding`
// strings in the mesh-and-axes form.
module @round_trip_v3 {
  func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{mesh['x'=2,'y'=2], [{'x'}, {'y'}]}"},
                  %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
    return %0 : tensor<8x8xf32>
  }
}

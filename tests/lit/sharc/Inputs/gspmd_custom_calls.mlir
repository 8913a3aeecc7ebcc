// GSPMD's custom calls: a @Sharding constraint and JAX's shard_map pattern
// (@SPMDFullToShardShape, a shmap_body call, @SPMDShardToFullShape).
module @gspmd_custom_calls attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"}) -> tensor<8x8xf32> {
    %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[2,2]<=[4]}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %1 = stablehlo.custom_call @Sharding(%0) {mhlo.sharding = "{devices=[4,1]<=[4]}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %2 = stablehlo.custom_call @SPMDFullToShardShape(%1) {mhlo.sharding = "{manual}"} : (tensor<8x8xf32>) -> tensor<2x8xf32>
    %3 = call @shmap_body(%2) : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %4 = stablehlo.custom_call @Sharding(%3) {mhlo.sharding = "{manual}"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    %5 = stablehlo.custom_call @SPMDShardToFullShape(%4) {mhlo.sharding = "{devices=[4,1]<=[4]}"} : (tensor<2x8xf32>) -> tensor<8x8xf32>
    return %5 : tensor<8x8xf32>
  }
  func.func private @shmap_body(%arg0: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<2x8xf32>
    return %0 : tensor<2x8xf32>
  }
}

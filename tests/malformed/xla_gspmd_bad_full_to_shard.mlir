// ERROR: 8:8: expecting CustomCallOp as operand of SPMDFullToShardShape
// ARGS: -xla-sdy-stablehlo-import-pipeline
// NO-UNREGISTERED
// JAX's shard_map pattern whose @SPMDFullToShardShape takes a value that
// did not come through a @Sharding custom call.
func.func @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.custom_call @SPMDFullToShardShape(%arg0) {mhlo.sharding = "{manual}"} : (tensor<8x8xf32>) -> tensor<4x8xf32>
  %1 = call @shmap_body(%0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = stablehlo.custom_call @Sharding(%1) {mhlo.sharding = "{manual}"} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = stablehlo.custom_call @SPMDShardToFullShape(%2) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<4x8xf32>) -> tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}
func.func private @shmap_body(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  return %arg0 : tensor<4x8xf32>
}

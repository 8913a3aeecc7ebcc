// RUN: sdy_opt %s -xla-sdy-stablehlo-import-pipeline | FileCheck %s

// GSPMD shardings and JAX's shard_map pattern become a mesh, sdy shardings
// and a manual computation; unspecified_dims stay open.
// CHECK:      sdy.mesh @mesh = <["axis_0"=4, "axis_1"=2]>
// CHECK-LABEL: func.func @main
// CHECK-NEXT:   %0 = sdy.sharding_constraint %arg0 <@mesh, [{"axis_0"}, {?}]>
// CHECK-NEXT:   %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"axis_0", "axis_1"}, {}]>] out_shardings=[<@mesh, [{"axis_0", "axis_1"}, {}]>] manual_axes={"axis_0", "axis_1"} (%arg1: tensor<1x8xf32>) {
// CHECK-NEXT:     %2 = stablehlo.negate %arg1
// CHECK-NEXT:     sdy.return %2
// CHECK-NOT:  func.func @shmap_body
func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{replicated}"}) -> tensor<8x8xf32> {
  %c = stablehlo.custom_call @Sharding(%arg0) {backend_config = "unspecified_dims=[1]", mhlo.sharding = "{devices=[4,1,2]<=[8] last_tile_dim_replicate}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %0 = stablehlo.custom_call @Sharding(%c) {mhlo.sharding = "{devices=[8,1]<=[8]}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<8x8xf32>) -> tensor<1x8xf32>
  %2 = call @shmap_body(%1) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %3 = stablehlo.custom_call @Sharding(%2) {mhlo.sharding = "{manual}"} : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{devices=[8,1]<=[8]}"} : (tensor<1x8xf32>) -> tensor<8x8xf32>
  return %4 : tensor<8x8xf32>
}
func.func @shmap_body(%arg0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

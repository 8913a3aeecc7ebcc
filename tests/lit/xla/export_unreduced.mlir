// RUN: sdy_opt %s -xla-sdy-stablehlo-export-pipeline | FileCheck %s
// RUN: sdy_opt %s -xla-sdy-stablehlo-export-pipeline='enable-hlo-sharding-v3=true' | FileCheck %s --check-prefix=V3
// RUN: sdy_opt %s -xla-sdy-stablehlo-export-pipeline='enable-hlo-sharding-v3=true' | sdy_opt -xla-sdy-round-trip-import-pipeline='enable-hlo-sharding-v3=true' | FileCheck %s --check-prefix=BACK

// Unreduced axes get a trailing subgroup dimension of their own (after the
// sharded dimensions, before the replicated one), and the reduction they
// await travels in the sharding's metadata; HloShardingV3 names a reduction
// other than the default sum before the axes, and reads it back.
sdy.mesh @mesh = <["x"=2, "y"=4, "z"=2]>

// CHECK-LABEL: func @main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,1,4,2]<=[16] last_tile_dims={unreduced, replicated} metadata={op_type=\22sdy::reduction_op\22 op_name=\22SUM\22}}"}
// CHECK-SAME: %arg1: tensor<8x8xf32> {mhlo.sharding = "{devices=[1,1,8,2]<=[16] last_tile_dims={unreduced, replicated} metadata={op_type=\22sdy::reduction_op\22 op_name=\22MAX\22}}"}
// CHECK-SAME: %arg2: tensor<8x8xf32> {mhlo.sharding = "{devices=[1,2,8]<=[8,2]T(1,0) last_tile_dims={unreduced} metadata={op_type=\22sdy::reduction_op\22 op_name=\22MIN\22}}"}
// V3-LABEL: func @main(
// V3-SAME: {mhlo.sharding = "{mesh['x'=2,'y'=4,'z'=2], [{'x'}, {}], unreduced={'y'}}"}
// V3-SAME: {mhlo.sharding = "{mesh['x'=2,'y'=4,'z'=2], [{}, {}], unreduced=max{'x', 'y'}}"}
// V3-SAME: {mhlo.sharding = "{mesh['x'=2,'y'=4,'z'=2], [{}, {'z'}], unreduced=min{'x', 'y'}}"}
// BACK-LABEL: func @main(
// BACK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}], unreduced={"y"}>}
// BACK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced=max{"x", "y"}>}
// BACK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{}, {"z"}], unreduced=min{"x", "y"}>}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}], unreduced={"y"}>},
                %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced=max{"x", "y"}>},
                %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"z"}], unreduced=min{"x", "y"}>})
    -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}

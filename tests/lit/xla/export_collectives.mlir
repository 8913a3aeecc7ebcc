// RUN: sdy_opt %s -xla-sdy-export-ops | FileCheck %s
// RUN: sdy_opt %s -xla-sdy-stablehlo-export-pipeline | FileCheck %s --check-prefix=PIPE

// The collectives an explicit reshard leaves become an mhlo.copy to their
// out sharding (a collective is no user constraint, so never a @Sharding
// call); sdy.all_reduce reshards nothing and forwards its operand.
sdy.mesh @mesh = <["x"=2, "y"=4, "z"=2]>

// CHECK-LABEL: func @chain
// CHECK-NEXT: %0 = mhlo.copy %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>}
// CHECK-NEXT: %1 = mhlo.copy %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>}
// CHECK-NEXT: %2 = mhlo.copy %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
// CHECK-NEXT: %3 = mhlo.copy %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"z"}, {}]>]>}
// CHECK-NEXT: %4 = mhlo.copy %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"z"}, {"y"}]>]>}
// CHECK-NEXT: return %4
// PIPE-LABEL: func @chain
// PIPE-NEXT: mhlo.copy %arg0 {mhlo.sharding = "{devices=[1,4,4]<=[2,4,2]T(1,0,2) last_tile_dim_replicate}"}
func.func @chain(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.all_to_all [{"y"}: 0->1] %arg0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x8xf32>
  %1 = sdy.all_slice [{"x"}, {}] %0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
  %2 = sdy.all_gather [{}, {"y"}] %1 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  %3 = sdy.all_reduce {"y"} %2 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  %4 = sdy.collective_permute %3 out_sharding=<@mesh, [{"z"}, {}]> : tensor<8x8xf32>
  %5 = sdy.reduce_scatter [{}, {"y"}] %4 out_sharding=<@mesh, [{"z"}, {"y"}]> : tensor<8x8xf32>
  return %5 : tensor<8x8xf32>
}

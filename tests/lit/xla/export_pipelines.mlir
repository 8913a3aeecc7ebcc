// RUN: sdy_opt %s -xla-sdy-stablehlo-export-pipeline | FileCheck %s
// RUN: sdy_opt %s -xla-sdy-round-trip-export-pipeline | FileCheck %s --check-prefix=RT

// GSPMD tile assignments: transposed iota, sub-axes, replicated leftovers,
// and an explicit device list when the mesh device ids are not an iota.
// CHECK-NOT:  sdy.mesh
// CHECK-LABEL: func.func @main(
// CHECK-SAME: {mhlo.sharding = "{devices=[4,8]<=[8,4]T(1,0)}"}
// CHECK-SAME: {mhlo.sharding = "{devices=[1,4,8]<=[8,4]T(1,0) last_tile_dim_replicate}"}
// CHECK-SAME: {mhlo.sharding = "{devices=[4,1,8]<=[2,4,4]T(1,0,2) last_tile_dim_replicate}"}
// CHECK-SAME: {mhlo.sharding = "{devices=[2,1,2]0,1,2,3 last_tile_dim_replicate}"}
// CHECK-SAME: -> (tensor<8x8xf32> {mhlo.sharding = "{replicated}"})
// CHECK-NEXT: mhlo.copy %arg0 {mhlo.sharding = "{devices=[32,1]<=[32]}"}

// RT: module attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{dev = #sdy.mesh<[\22a\22=2, \22b\22=2], device_ids=[0, 2, 1, 3]>, mesh = #sdy.mesh<[\22x\22=8, \22y\22=4]>}"}}
// RT: stablehlo.custom_call @Sharding(%arg0) {has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22x\22, \22y\22}, {}]>]>"}
// RT: stablehlo.custom_call @xla.sdy.FuncResultSharding(%0) {has_side_effect = true
sdy.mesh @mesh = <["x"=8, "y"=4]>
sdy.mesh @dev = <["a"=2, "b"=2], device_ids=[0, 2, 1, 3]>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>},
                %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>},
                %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(2)4}, {}]>},
                %arg3: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@dev, [{"b"}, {}]>})
    -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}]>}) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x", "y"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

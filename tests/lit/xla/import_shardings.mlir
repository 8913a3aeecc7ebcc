// RUN: sdy_opt %s -split-input-file -xla-sdy-import-shardings | FileCheck %s

// The global mesh refines every tile assignment's device order ([8,4] and
// [2,16] give 2x4x4); maximal shardings get a mesh per device, by id.
// CHECK:      sdy.mesh @mesh = <["_axis_0"=2, "_axis_1"=4, "_axis_2"=4]>
// CHECK-NEXT: sdy.mesh @single_device_1 = <[], device_ids=[1]>
// CHECK-NEXT: sdy.mesh @single_device_3 = <[], device_ids=[3]>
// CHECK-LABEL: func @main(
// CHECK-SAME:    %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"_axis_2"}, {"_axis_0", "_axis_1"}]>}
// CHECK-SAME:    %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"_axis_0"}]>}
// CHECK-SAME:    -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@single_device_3, []>})
// CHECK-NEXT:    stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}]>]>}
// CHECK-NEXT:    stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@single_device_1, []>]>}
func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[4,8]<=[8,4]T(1,0)}"},
                %arg1: tensor<8x8xf32> {mhlo.sharding = "{devices=[1,2,16]<=[32] last_tile_dim_replicate}"})
    -> (tensor<8x8xf32> {mhlo.sharding = "{maximal device=3}"}) {
  %0 = stablehlo.add %arg0, %arg1 {mhlo.sharding = "{unknown}"} : tensor<8x8xf32>
  %1 = stablehlo.abs %0 {mhlo.sharding = "{maximal device=1}"} : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// A tuple sharding gives one sharding per result; `last_tile_dims` with a
// replicated subgroup names its axes as replicated; no sharding, no mesh.
// CHECK:      sdy.mesh @mesh = <["_axis_0"=2, "_axis_1"=2]>
// CHECK-LABEL: func @tuple
// CHECK:         sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"_axis_0"}], replicated={"_axis_1"}>, <@mesh, [{}]>]>
func.func @tuple(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0:2 = stablehlo.custom_call @foo(%arg0) {mhlo.sharding = "{{devices=[2,2]<=[4] last_tile_dims={replicated}}, {replicated}}"} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-NOT: sdy.mesh
// CHECK-LABEL: func @unsharded
func.func @unsharded(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}

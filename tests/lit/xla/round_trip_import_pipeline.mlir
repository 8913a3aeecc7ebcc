// RUN: sdy_opt %s -xla-sdy-round-trip-import-pipeline | FileCheck %s

// The saved meshes, argument shardings, @Sharding and ShardingGroup custom
// calls and the function result sharding come back as sdy ops and attributes.
// CHECK:      sdy.mesh @mesh = <["a"=4, "b"=2]>
// CHECK-LABEL: func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>})
// CHECK-NEXT:   %0 = sdy.sharding_constraint %arg0 <@mesh, [{"b"}, {?}]> : tensor<8x8xf32>
// CHECK-NEXT:   sdy.sharding_group %0 group_id=3 : tensor<8x8xf32>
// CHECK-NEXT:   return %0 : tensor<8x8xf32>
module attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22a\22=4, \22b\22=2]>}"}} {
  func.func @main(%arg0: tensor<8x8xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22a\22}, {}]>"}}) -> tensor<8x8xf32> {
    %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22b\22}, {?}]>]>"}} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    stablehlo.custom_call @xla.sdy.ShardingGroup(%0) {has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding_group_id = "3 : i64"}} : (tensor<8x8xf32>) -> ()
    %1 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%0) {has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{}, {\22a\22}]>]>"}} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    return %1 : tensor<8x8xf32>
  }
}

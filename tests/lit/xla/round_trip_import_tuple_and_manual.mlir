// RUN: sdy_opt %s -split-input-file -verify-diagnostics -xla-sdy-round-trip-import-pipeline | FileCheck %s
// RUN: sdy_opt %s -split-input-file -verify-diagnostics -xla-sdy-round-trip-import-pipeline='enable-hlo-sharding-v3=true' | FileCheck %s --check-prefix=V3

// The tuple shardings tf2xla leaves on the module go to @main's arguments
// and results (whichever sharding form the rest of the module uses), their
// meshes inline unless the pipeline lifts them; other functions keep theirs.
// CHECK-LABEL: module @tuple_shardings
// CHECK-NOT:   xla.sdy.tuple_args_shardings
// CHECK-NOT:   xla.sdy.tuple_results_shardings
// CHECK-SAME:  {mhlo.frontend_attributes = {xla.sdy.use_tuple_args = "true"}}
// CHECK:       func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=2]>, [{"x"}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=2]>, [{}]>})
// CHECK-SAME:    -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=2]>, [{"x"}]>})
// CHECK:       func.func @other(%arg0: tensor<8xf32>) -> tensor<8xf32>
// V3-LABEL: module @tuple_shardings
// V3:       sdy.mesh @mesh = <["x"=2]>
// V3:       func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>})
module @tuple_shardings attributes {mhlo.frontend_attributes = {
    xla.sdy.meshes = "{m = #sdy.mesh<[\"x\"=2]>}",
    xla.sdy.tuple_args_shardings = "#sdy.sharding_per_value<[<mesh<[\"x\"=2]>, [{\"x\"}]>, <mesh<[\"x\"=2]>, [{}]>]>",
    xla.sdy.tuple_results_shardings = "#sdy.sharding_per_value<[<mesh<[\"x\"=2]>, [{\"x\"}]>]>",
    xla.sdy.use_tuple_args = "true"}} {
  func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
    return %arg0 : tensor<8xf32>
  }
  func.func @other(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    return %arg0 : tensor<8xf32>
  }
}

// -----

// expected-error @+1 {{Number of actual shardings (1) does not match number of expected shardings (2for xla.sdy.tuple_args_shardings) for function.}}
module @tuple_shardings_count_mismatch attributes {mhlo.frontend_attributes = {
    xla.sdy.tuple_args_shardings = "#sdy.sharding_per_value<[<mesh<[\"x\"=2]>, [{\"x\"}]>]>"}} {
  func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
    return %arg0 : tensor<8xf32>
  }
}

// -----

// A fully manual HloShardingV3 names no dimensions: the value's rank says
// how many (closed, empty) the sdy sharding has.
// V3-LABEL: module @fully_manual
// V3:       sdy.mesh @mesh = <["a"=2, "b"=2]>
// V3:       func.func @f(%arg0: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>})
// V3-NEXT:    sdy.sharding_constraint %arg0 <@mesh, [{}, {}]> : tensor<8x16xi32>
module @fully_manual {
  func.func @f(%arg0: tensor<8x16xi32> {mhlo.sharding = "{mesh['a'=2,'b'=2], manual}"}) -> tensor<8x16xi32> {
    %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{mesh['a'=2,'b'=2], manual}"} : (tensor<8x16xi32>) -> tensor<8x16xi32>
    return %0 : tensor<8x16xi32>
  }
}

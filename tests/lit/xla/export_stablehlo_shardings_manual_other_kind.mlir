// RUN: sdy_opt %s -xla-sdy-export-stablehlo-shardings | FileCheck %s

// An xla.sdy.manual_axes that is not a #sdy.manual_axes names no manual
// axes (XLA reads it with getAttrOfType<ManualAxesAttr>), on arguments and
// on ops alike; it crashed the export before (found by fuzz_pass).
sdy.mesh @mesh = <["a"=2, "b"=2]>

// CHECK-LABEL: func @other_kind(
// CHECK-SAME: %arg0: tensor<4xf32> {mhlo.sharding = "{devices=[2,2]<=[4] last_tile_dim_replicate}"}
// CHECK-NOT: xla.sdy.manual_axes
// CHECK: stablehlo.negate %arg0 {mhlo.sharding = "{devices=[2,2]<=[4] last_tile_dim_replicate}"}
func.func @other_kind(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>, xla.sdy.manual_axes = "a"}) -> tensor<4xf32> {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, xla.sdy.manual_axes = ["a"]} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

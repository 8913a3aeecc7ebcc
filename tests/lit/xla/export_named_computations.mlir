// RUN: sdy_opt %s -split-input-file -xla-sdy-export-named-computations | FileCheck %s
// RUN: sdy_opt %s -split-input-file -xla-sdy-export-named-computations='dedup-functions-fully=true' | FileCheck %s --check-prefix=DEDUP

sdy.mesh @mesh = <["x"=2, "y"=2]>

// Without dedup every computation gets its own function, with its in and out
// shardings; with dedup the two share the first one (both have one call
// site) and the second call's result is copied back to its own sharding.
// CHECK-LABEL: func @two_computations
// CHECK-NEXT:    %0 = call @f(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>}
// CHECK-NEXT:    %1 = call @f_0(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>}
// CHECK-NEXT:    return %1
// CHECK:       func private @f(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) attributes {sdy.original_func_name = "f"}
// CHECK:       func private @f_0(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) attributes {sdy.original_func_name = "f"}

// DEDUP-LABEL: func @two_computations
// DEDUP-NEXT:    %0 = call @f(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>}
// DEDUP-NEXT:    %1 = call @f(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>}
// DEDUP-NEXT:    %2 = mhlo.copy %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>}
// DEDUP-NEXT:    return %2
// DEDUP-NOT:   func private @f_0
func.func @two_computations(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  %0 = sdy.named_computation<"f">(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] (%arg1: tensor<8xf32>) {
    %2 = stablehlo.abs %arg1 : tensor<8xf32>
    sdy.return %2 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  %1 = sdy.named_computation<"f">(%0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"y"}]>] (%arg1: tensor<8xf32>) {
    %2 = stablehlo.abs %arg1 : tensor<8xf32>
    sdy.return %2 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// Manual axes go on the function, its arguments and results, and the call;
// an inlinable manual-computation body nothing calls is dropped.
// CHECK-LABEL: func @manual
// CHECK:         func.call @g(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>, xla.sdy.manual_axes = #sdy<manual_axes{"x"}>}
// CHECK-NOT:   func @xla.sdy.inlinable_manual_computation_body
// CHECK:       func private @g(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>, xla.sdy.manual_axes = #sdy<manual_axes{"x"}>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>, xla.sdy.manual_axes = #sdy<manual_axes{"x"}>}) attributes {sdy.original_func_name = "g", xla.sdy.manual_axes = #sdy<manual_axes{"x"}>}
func.func @manual(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<4xf32>) {
    %1 = sdy.named_computation<"g">(%arg1) in_shardings=[<@mesh, [{"y"}]>] out_shardings=[<@mesh, [{"y"}]>] (%arg2: tensor<4xf32>) {
      sdy.return %arg2 : tensor<4xf32>
    } {xla.sdy.manual_axes = #sdy<manual_axes{"x"}>} : (tensor<4xf32>) -> tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @xla.sdy.inlinable_manual_computation_body(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}

// RUN: sdy_opt %s -split-input-file -xla-sdy-stablehlo-export-manual-reduction-collectives -verify-diagnostics | FileCheck %s
// RUN: sdy_opt %s -split-input-file -xla-sdy-stablehlo-export-manual-reduction-collectives='export-all-reduce-scatter=true' -verify-diagnostics | FileCheck %s --check-prefix=ALL

// An all-reduce or reduce-scatter of a value with unreduced axes becomes a
// fully manual computation around StableHLO collectives; channel handles
// continue after the highest one in the module.
sdy.mesh @mesh = <["x"=2, "y"=4]>

// CHECK-LABEL: func @all_reduce_max
// CHECK-NEXT: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"y"}], unreduced=max{"x"}>] out_shardings=[<@mesh, [{}, {"y"}]>] manual_axes={"x", "y"} (%arg1: tensor<8x2xf32>) {
// CHECK-NEXT:   %1 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>, replica_groups = dense<{{\[\[}}0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> ({
// CHECK-NEXT:   ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT:     %2 = stablehlo.maximum %arg2, %arg3 : tensor<f32>
// CHECK-NEXT:     stablehlo.return %2 : tensor<f32>
// CHECK-NEXT:   }) : (tensor<8x2xf32>) -> tensor<8x2xf32>
// CHECK-NEXT:   sdy.return %1 : tensor<8x2xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>) -> tensor<8x8xf32>
func.func @all_reduce_max(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}], unreduced=max{"x"}>}) -> tensor<8x8xf32> {
  %0 = sdy.all_reduce max {"x"} %arg0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// CHECK-LABEL: func @all_reduce_of_reduced_value_kept
// CHECK-NEXT: sdy.all_reduce {"x"} %arg0
func.func @all_reduce_of_reduced_value_kept(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.all_reduce {"x"} %arg0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// CHECK-LABEL: func @reduce_scatter_unreduced
// CHECK-NEXT: sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {}], unreduced={"x"}>] out_shardings=[<@mesh, [{"x"}, {}], unreduced={"y"}>] manual_axes={"x", "y"} (%arg1: tensor<8x8xf32>) {
// CHECK-NEXT:   "stablehlo.reduce_scatter"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 9, type = 1>, replica_groups = dense<{{\[\[}}0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, scatter_dimension = 0 : i64, use_global_device_ids}>
// CHECK: (tensor<8x8xf32>) -> tensor<4x8xf32>
func.func @reduce_scatter_unreduced(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"x", "y"}>}) -> tensor<8x8xf32> {
  %0 = sdy.reduce_scatter [{"x"}, {}] %arg0 out_sharding=<@mesh, [{"x"}, {}], unreduced={"y"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// CHECK-LABEL: func @reduce_scatter_reduced_value
// CHECK-NEXT: sdy.reduce_scatter
// ALL-LABEL: func @reduce_scatter_reduced_value
// ALL-NEXT: sdy.manual_computation(%arg0) in_shardings=[<mesh<["x"=2, "y"=4]>, [{?}, {?}], unreduced={"y"}>] out_shardings=[<@mesh, [{}, {"y"}]>] manual_axes={"x", "y"} (%arg1: tensor<8x8xf32>)
// ALL-NEXT: "stablehlo.reduce_scatter"(%arg1)
// ALL-SAME: channel_handle = #stablehlo.channel_handle<handle = 10, type = 1>
// ALL-SAME: replica_groups = dense<{{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, scatter_dimension = 1 : i64
// ALL: (tensor<8x8xf32>) -> tensor<8x2xf32>
func.func @reduce_scatter_reduced_value(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.reduce_scatter [{}, {"y"}] %arg0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

func.func @channel_handles_in_use(%arg0: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.send"(%arg0) {channel_handle = #stablehlo.channel_handle<handle = 7, type = 2>, is_host_transfer = true} : (!stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

func.func @non_divisible(%arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}], unreduced={"y"}>}) -> tensor<6xf32> {
  // expected-error @+1 {{'sdy.all_reduce' op Non-divisible sharding with unreduced axes isn't supported. Please file a bug with a reproducer.}}
  %0 = sdy.all_reduce {"y"} %arg0 out_sharding=<@mesh, [{"x"}]> : tensor<6xf32>
  return %0 : tensor<6xf32>
}

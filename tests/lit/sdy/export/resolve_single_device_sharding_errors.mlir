// RUN: not sdy_opt %s -split-input-file -sdy-resolve-single-device-sharding 2>&1 | FileCheck %s

// Shardy's checks (it aborts) become errors: one op on two devices, or an op
// on one device with another result sharded.

sdy.mesh @mesh = <["x"=2]>
sdy.mesh @d0 = <[], device_ids=[0]>
sdy.mesh @d1 = <[], device_ids=[1]>

// CHECK: :[[@LINE+2]]:10: error: 'stablehlo.custom_call' op Check failed: *targetDeviceId == *deviceId (0 vs. 1)
func.func @two_devices(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0:2 = stablehlo.custom_call @Op(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@d0, []>, <@d1, []>]>} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>
sdy.mesh @d0 = <[], device_ids=[0]>

// CHECK: :[[@LINE+2]]:10: error: 'stablehlo.custom_call' op Check failed: !hasNonReplicatedResult
func.func @sharded_other(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0:2 = stablehlo.custom_call @Op(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@d0, []>, <@mesh, [{"x"}]>]>} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

sdy.mesh @d0 = <[], device_ids=[0]>

// Without a global mesh nothing changes.
// CHECK-LABEL: func @no_global_mesh
// CHECK-NEXT: stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@d0, []>]>}
func.func @no_global_mesh(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@d0, []>]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// RUN: sdy_opt %s -split-input-file -sdy-insert-explicit-reshards='enable-full-version=true' | FileCheck %s

// Single-device ops: nothing without a global mesh; token results become
// replicated on the global mesh; a result that is not single-device goes
// back to its own sharding; operands on another mesh go through the global
// mesh.

sdy.mesh @dev0 = <[], device_ids=[0]>

// CHECK-LABEL: func @no_global_mesh
func.func @no_global_mesh(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK-NEXT: %[[CC:.*]] = stablehlo.custom_call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@dev0, []>]>}
  // CHECK-NEXT: return %[[CC]]
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@dev0, []>]>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @empty = <[]>
sdy.mesh @mesh = <["x"=2]>
sdy.mesh @dev0 = <[], device_ids=[0]>

// The global mesh is the first mesh with axes that is not maximal; token
// operands are left alone.
// CHECK-LABEL: func @token_result
func.func @token_result(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: !stablehlo.token) -> (tensor<8xf32>, !stablehlo.token) {
  // CHECK-NEXT: %[[R0:.*]] = sdy.reshard %arg0 <@mesh, [{}]> : tensor<8xf32>
  // CHECK-NEXT: %[[R1:.*]] = sdy.reshard %[[R0]] <@dev0, []> : tensor<8xf32>
  // CHECK-NEXT: %[[CC:.*]]:2 = stablehlo.custom_call @foo(%[[R1]], %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@dev0, []>, <@mesh, []>]>}
  // CHECK-NEXT: %[[OUT:.*]] = sdy.reshard %[[CC]]#0 <@mesh, [{}]> : tensor<8xf32>
  // CHECK-NEXT: return %[[OUT]], %[[CC]]#1
  %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@dev0, []>, <@dev0, []>]>} : (tensor<8xf32>, !stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
  return %0#0, %0#1 : tensor<8xf32>, !stablehlo.token
}

// -----

sdy.mesh @mesh = <["x"=2]>
sdy.mesh @mesh2 = <["y"=2]>
sdy.mesh @dev0 = <[], device_ids=[0]>

// CHECK-LABEL: func @mixed_results
func.func @mixed_results(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{"y"}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{}]>}) -> (tensor<8xf32>, tensor<4xf32>) {
  // CHECK-NEXT: %[[R0:.*]] = sdy.reshard %arg0 <@mesh, [{}]> : tensor<8xf32>
  // CHECK-NEXT: %[[R1:.*]] = sdy.reshard %[[R0]] <@dev0, []> : tensor<8xf32>
  // CHECK-NEXT: %[[R2:.*]] = sdy.reshard %arg1 <@mesh, [{}]> : tensor<8xf32>
  // CHECK-NEXT: %[[R3:.*]] = sdy.reshard %[[R2]] <@dev0, []> : tensor<8xf32>
  // CHECK-NEXT: %[[CC:.*]]:2 = stablehlo.custom_call @foo(%[[R1]], %[[R3]]) {sdy.sharding = #sdy.sharding_per_value<[<@dev0, []>, <@dev0, []>]>}
  // CHECK-NEXT: %[[O0:.*]] = sdy.reshard %[[CC]]#0 <@mesh, [{}]> : tensor<8xf32>
  // CHECK-NEXT: %[[O1:.*]] = sdy.reshard %[[CC]]#1 <@mesh, [{}]> : tensor<4xf32>
  // CHECK-NEXT: %[[O2:.*]] = sdy.reshard %[[O1]] <@mesh, [{"x"}]> : tensor<4xf32>
  // CHECK-NEXT: %[[NEG:.*]] = stablehlo.negate %[[O2]]
  // CHECK-NEXT: %[[RET:.*]] = sdy.reshard %[[NEG]] <@mesh, [{}]> : tensor<4xf32>
  // CHECK-NEXT: return %[[O0]], %[[RET]]
  %0:2 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@dev0, []>, <@mesh, [{"x"}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<4xf32>)
  %1 = stablehlo.negate %0#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<4xf32>
  return %0#0, %1 : tensor<8xf32>, tensor<4xf32>
}

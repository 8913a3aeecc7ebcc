// RUN: sdy_opt %s -split-input-file -xla-sdy-stablehlo-round-trip-shard-map-export | FileCheck %s
// RUN: sdy_opt %s -split-input-file -xla-sdy-stablehlo-round-trip-shard-map-export='create-hlo-sharding-constraints=true' | FileCheck %s --check-prefix=CC

// A manual computation becomes a constraint and an SPMDFullToShardShape call
// per operand, a call to the body function, and a constraint and an
// SPMDShardToFullShape call per result; ops in the body carry the manual
// axes and get closed shardings where they had none.
sdy.mesh @mesh = <["a"=2, "b"=2]>

// CHECK-LABEL: func @one_level
// CHECK-NEXT: %0 = mhlo.copy %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : tensor<8xf32>
// CHECK-NEXT: %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>, xla.sdy.manual_axes = #sdy<manual_axes{"a"}>} : (tensor<8xf32>) -> tensor<4xf32>
// CHECK-NEXT: %2 = call @xla.sdy.inlinable_manual_computation_body(%1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>, xla.sdy.manual_axes = #sdy<manual_axes{"a"}>}
// CHECK-NEXT: %3 = mhlo.copy %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>, xla.sdy.manual_axes = #sdy<manual_axes{"a"}>}
// CHECK-NEXT: %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<4xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %4
// CC-LABEL: func @one_level
// CC-NEXT: %0 = stablehlo.custom_call @Sharding(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
// CC-NEXT: stablehlo.custom_call @SPMDFullToShardShape(%0)
// CC-NEXT: call @xla.sdy.inlinable_manual_computation_body
// CC-NEXT: stablehlo.custom_call @Sharding
// CC-NEXT: stablehlo.custom_call @SPMDShardToFullShape
func.func @one_level(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<4xf32>
    %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : tensor<4xf32>
    sdy.return %2 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// CHECK-LABEL: func private @xla.sdy.inlinable_manual_computation_body(
// CHECK-SAME: %arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>, xla.sdy.manual_axes = #sdy<manual_axes{"a"}>})
// CHECK-SAME: -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>, xla.sdy.manual_axes = #sdy<manual_axes{"a"}>})
// CHECK-NEXT: stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>, xla.sdy.manual_axes = #sdy<manual_axes{"a"}>}
// CHECK-NEXT: stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>, xla.sdy.manual_axes = #sdy<manual_axes{"a"}>}
// CHECK-NEXT: return %1

// -----

// A nested computation is manual over its parent's axes then its own: its
// operand constraints carry the parent's, its reshape calls and body both.
sdy.mesh @mesh = <["a"=2, "b"=2]>

// CHECK-LABEL: func @nested
// CHECK: call @xla.sdy.inlinable_manual_computation_body_0(
// CHECK-LABEL: func private @xla.sdy.inlinable_manual_computation_body(
// CHECK-SAME: xla.sdy.manual_axes = #sdy<manual_axes{"a", "b"}>
// CHECK-NEXT: stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>, xla.sdy.manual_axes = #sdy<manual_axes{"a", "b"}>}
// CHECK-LABEL: func private @xla.sdy.inlinable_manual_computation_body_0(
// CHECK-NEXT: %0 = mhlo.copy %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>, xla.sdy.manual_axes = #sdy<manual_axes{"a"}>}
// CHECK-NEXT: %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>, xla.sdy.manual_axes = #sdy<manual_axes{"a", "b"}>}
// CHECK-NEXT: %2 = call @xla.sdy.inlinable_manual_computation_body(%1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>, xla.sdy.manual_axes = #sdy<manual_axes{"a", "b"}>}
// CHECK-NEXT: %3 = mhlo.copy %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>, xla.sdy.manual_axes = #sdy<manual_axes{"a", "b"}>}
// CHECK-NEXT: %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>, xla.sdy.manual_axes = #sdy<manual_axes{"a"}>}
func.func @nested(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}]>] out_shardings=[<@mesh, [{"a", "b"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"b"}]>] out_shardings=[<@mesh, [{"b"}]>] manual_axes={"b"} (%arg2: tensor<2xf32>) {
      %2 = stablehlo.negate %arg2 : tensor<2xf32>
      sdy.return %2 : tensor<2xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// Without in or out shardings the body is inlined; a token passes through
// without reshape calls; a function called in the body gets the manual
// axes on its arguments, results and ops.
sdy.mesh @mesh = <["a"=2]>

// CHECK-LABEL: func @no_shardings_inlined
// CHECK-NEXT: stablehlo.custom_call @foo() {has_side_effect = true} : () -> ()
// CHECK-NEXT: return %arg0
func.func @no_shardings_inlined(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
    stablehlo.custom_call @foo() {has_side_effect = true} : () -> ()
    sdy.return
  } : () -> ()
  return %arg0 : tensor<8xf32>
}

// CHECK-LABEL: func private @callee(
// CHECK-SAME: %arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>, xla.sdy.manual_axes = #sdy<manual_axes{"a"}>}
// CHECK-SAME: -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>, xla.sdy.manual_axes = #sdy<manual_axes{"a"}>})
// CHECK-NEXT: stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>, xla.sdy.manual_axes = #sdy<manual_axes{"a"}>}
func.func private @callee(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.abs %arg0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func @token_and_call
// CHECK-NEXT: %0 = mhlo.copy %arg1
// CHECK-NEXT: %1 = stablehlo.custom_call @SPMDFullToShardShape(%0)
// CHECK-NEXT: %2:2 = call @xla.sdy.inlinable_manual_computation_body(%arg0, %1)
// CHECK-NEXT: %3 = mhlo.copy %2#1
// CHECK-NEXT: %4 = stablehlo.custom_call @SPMDShardToFullShape(%3)
// CHECK-NEXT: return %2#0, %4 : !stablehlo.token, tensor<8xf32>
func.func @token_and_call(%arg0: !stablehlo.token, %arg1: tensor<8xf32>) -> (!stablehlo.token, tensor<8xf32>) {
  %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, []>, <@mesh, [{"a"}]>] out_shardings=[<@mesh, []>, <@mesh, [{"a"}]>] manual_axes={"a"} (%arg2: !stablehlo.token, %arg3: tensor<4xf32>) {
    %1 = func.call @callee(%arg3) : (tensor<4xf32>) -> tensor<4xf32>
    sdy.return %arg2, %1 : !stablehlo.token, tensor<4xf32>
  } : (!stablehlo.token, tensor<8xf32>) -> (!stablehlo.token, tensor<8xf32>)
  return %0#0, %0#1 : !stablehlo.token, tensor<8xf32>
}

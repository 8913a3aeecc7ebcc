// RUN: sdy_opt %s -allow-unregistered-dialect -sdy-insert-explicit-reshards='enable-full-version=true' | FileCheck %s

// Branches of -sdy-insert-explicit-reshards that Shardy's own cases do not
// reach: reshapes whose projection has overflow axes, factor dependencies in
// the greedy heuristic, named computations, calls whose callee has no
// sharding, single-device ops without a global mesh or with tokens.

sdy.mesh @mesh = <["x"=4, "y"=2]>

// The result's "x" overflows factor i=6 of [ij]: "x" is spread over both
// sides' factors, and both keep what they agree on, "x":(1)2 on i.
// CHECK-LABEL: func @reshape_result_with_overflow_axes
func.func @reshape_result_with_overflow_axes(%arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  // CHECK-NEXT: %[[IN:.*]] = sdy.reshard %arg0 <@mesh, [{"x":(1)2}, {}]> : tensor<6x4xf32>
  // CHECK-NEXT: %[[RESHAPE:.*]] = stablehlo.reshape %[[IN]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2}]>]>}
  // CHECK-NEXT: %[[OUT:.*]] = sdy.reshard %[[RESHAPE]] <@mesh, [{"x"}]> : tensor<24xf32>
  // CHECK-NEXT: return %[[OUT]]
  %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<6x4xf32>) -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

// The operand is the more sharded side: its axes ["x", "y"] are spread over
// i=6 and j=4 (i: "x":(1)2, j: "x":(2)2, "y"); only "x":(1)2 stays
// projectable on the operand.
// CHECK-LABEL: func @reshape_operand_with_overflow_axes
func.func @reshape_operand_with_overflow_axes(%arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>}) -> (tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  // CHECK-NEXT: %[[IN:.*]] = sdy.reshard %arg0 <@mesh, [{"x":(1)2}]> : tensor<24xf32>
  // CHECK-NEXT: %[[RESHAPE:.*]] = stablehlo.reshape %[[IN]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2}, {}]>]>}
  // CHECK-NEXT: %[[OUT:.*]] = sdy.reshard %[[RESHAPE]] <@mesh, [{"x"}, {}]> : tensor<6x4xf32>
  // CHECK-NEXT: return %[[OUT]]
  %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<24xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// Factors i and j tie on every count and j would win on its index, but j
// follows i in the result's dimension [ij] and may only be sharded once i is
// fully sharded: i takes "x".
// CHECK-LABEL: func @reshape_factor_dependencies
func.func @reshape_factor_dependencies(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  // CHECK-NEXT: %[[IN:.*]] = sdy.reshard %arg0 <@mesh, [{"x"}, {}]> : tensor<8x4xf32>
  // CHECK-NEXT: %[[RESHAPE:.*]] = stablehlo.reshape %[[IN]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>}
  // CHECK-NEXT: return %[[RESHAPE]]
  %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8x4xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// A named computation's edges: the body result is resharded to the
// out_sharding, the operand to the in_sharding.
// CHECK-LABEL: func @named_computation
func.func @named_computation(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  // CHECK-NEXT: %[[IN:.*]] = sdy.reshard %arg0 <@mesh, [{"y"}]> : tensor<8xf32>
  // CHECK-NEXT: %[[NC:.*]] = sdy.named_computation<"foo">(%[[IN]]) in_shardings=[<@mesh, [{"y"}]>] out_shardings=[<@mesh, [{"x"}]>] (%arg1: tensor<8xf32>) {
  // CHECK-NEXT:   %[[NEG:.*]] = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>}
  // CHECK-NEXT:   %[[R0:.*]] = sdy.reshard %[[NEG]] <@mesh, [{}]> : tensor<8xf32>
  // CHECK-NEXT:   %[[R1:.*]] = sdy.reshard %[[R0]] <@mesh, [{"x"}]> : tensor<8xf32>
  // CHECK-NEXT:   sdy.return %[[R1]]
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[OUT:.*]] = sdy.reshard %[[NC]] <@mesh, [{"y"}]> : tensor<8xf32>
  // CHECK-NEXT: return %[[OUT]]
  %0 = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"y"}]>] out_shardings=[<@mesh, [{"x"}]>] (%arg1: tensor<8xf32>) {
    %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func private @no_shardings(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

// The callee has no sharding: the operands go to fully closed shardings on
// the mesh of the first operand sharding, right after their definitions.
// CHECK-LABEL: func @call_callee_without_shardings
func.func @call_callee_without_shardings(%arg0: tensor<8xf32>, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  // CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg1 <@mesh, [{}]> : tensor<8xf32>
  // CHECK-NEXT: %[[NEG:.*]] = stablehlo.negate %arg0
  // CHECK-NEXT: call @no_shardings(%[[NEG]], %[[R]])
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  %1 = call @no_shardings(%0, %arg1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// Neither the callee nor the operands have a sharding: nothing to do.
// CHECK-LABEL: func @call_without_any_sharding
func.func @call_without_any_sharding(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK-NEXT: %[[CALL:.*]] = call @no_shardings(%arg0, %arg0)
  // CHECK-NEXT: return %[[CALL]]
  %0 = call @no_shardings(%arg0, %arg0) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// An op whose tensors have no sharding is left alone, and so is a
// declaration.
// CHECK-LABEL: func @no_sharding
func.func @no_sharding(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // CHECK-NEXT: %[[DOT:.*]] = stablehlo.dot %arg0, %arg1
  // CHECK-NEXT: return %[[DOT]]
  %0 = stablehlo.dot %arg0, %arg1 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// CHECK-LABEL: func private @declaration
func.func private @declaration(tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>})

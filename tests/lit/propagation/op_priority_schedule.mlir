// RUN: sdy_opt %s -sdy-op-priority-propagate | FileCheck %s --check-prefix=OP-PRIORITY
// RUN: sdy_opt %s -sdy-user-priority-propagate | FileCheck %s --check-prefix=OP-PRIORITY
// RUN: sdy_opt %s -sdy-op-priority-propagate=run-op-priority-propagation=false | FileCheck %s --check-prefix=NO-OP-PRIORITY
// RUN: sdy_opt %s -sdy-user-priority-propagate=run-op-priority-propagation=false | FileCheck %s --check-prefix=NO-OP-PRIORITY
// RUN: sdy_opt %s -sdy-aggressive-propagate | FileCheck %s --check-prefix=NO-OP-PRIORITY

// The op-priority schedule decides a conflict: "a" wants dim 0 of the add
// (from %arg0) and dim 1 of the broadcast (from %arg1). With the schedule,
// the add (element-wise, single-use operands) propagates first and gives
// "a" on dim 0 to the broadcast's result, which the broadcast, propagating
// forward only in the last round, cannot change. Without it, the broadcast
// propagates first (top-down) and keeps "a" on dim 1; the add prefers dim
// 0 all the same (same-sized sources, %arg0 comes first).

sdy.mesh @mesh = <["a"=2, "b"=2]>

// OP-PRIORITY-LABEL: func @main(
// OP-PRIORITY:         stablehlo.broadcast_in_dim %arg1, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>}
// OP-PRIORITY-NEXT:    stablehlo.add %arg0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>}
// NO-OP-PRIORITY-LABEL: func @main(
// NO-OP-PRIORITY:         stablehlo.broadcast_in_dim %arg1, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>}
// NO-OP-PRIORITY-NEXT:    stablehlo.add %arg0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>},
                %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.add %arg0, %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

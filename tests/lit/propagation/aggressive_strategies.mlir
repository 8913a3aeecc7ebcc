// RUN: sdy_opt %s -sdy-aggressive-propagate=propagation-strategy=basic | FileCheck %s --check-prefix=BASIC
// RUN: sdy_opt %s -sdy-aggressive-propagate | FileCheck %s --check-prefix=AGGRESSIVE
// RUN: sdy_opt %s -sdy-aggressive-propagate=propagation-strategy=basic-then-aggressive | FileCheck %s --check-prefix=AGGRESSIVE
// RUN: sdy_opt %s -sdy-op-priority-propagate=propagation-strategy=basic | FileCheck %s --check-prefix=BASIC
// RUN: sdy_opt %s -sdy-user-priority-propagate=propagation-strategy=basic | FileCheck %s --check-prefix=BASIC
// RUN: sdy_opt %s -sdy-user-priority-propagate | FileCheck %s --check-prefix=AGGRESSIVE
// RUN: not sdy_opt %s -sdy-aggressive-propagate=propagation-strategy=aggressive-then-basic 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not sdy_opt %s --pass-pipeline='builtin.module(sdy-user-priority-propagate{propagation-strategy=foo})' 2>&1 | FileCheck %s --check-prefix=BAD-PIPELINE

// The propagation-strategy option of the aggressive, op-priority and
// user-priority passes. Along dim 1, "a" conflicts with dim 0 of %arg0:
// the basic strategy propagates it to no tensor, the aggressive one to
// every tensor that can take it (the add).

// BAD: sdy_opt: for the --propagation-strategy option: Cannot find option named 'aggressive-then-basic'!
// BAD-PIPELINE: sdy_opt: for the --propagation-strategy option: Cannot find option named 'foo'!
// BAD-PIPELINE: failed to add `sdy-user-priority-propagate` with options `propagation-strategy=foo`

sdy.mesh @mesh = <["a"=2, "b"=2]>

// BASIC-LABEL: func @main(
// BASIC-SAME:      -> tensor<8x8xf32> {
// BASIC-NEXT:    stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
// AGGRESSIVE-LABEL: func @main(
// AGGRESSIVE-SAME:      %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>},
// AGGRESSIVE-SAME:      -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) {
// AGGRESSIVE-NEXT:    stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>},
                %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"a", ?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

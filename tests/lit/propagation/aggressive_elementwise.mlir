// RUN: sdy_opt %s -split-input-file -sdy-aggressive-propagate | FileCheck %s

// What the aggressive strategy does differently for element-wise ops: a
// conflict between factors with same-sized sources goes to the more
// sharded factor, and an operand takes along a factor no more than a result
// holds (nothing goes sideways between operands through a result that
// stays replicated). The custom calls carry the same rule but are not
// element-wise.

sdy.mesh @mesh = <["a"=2, "b"=4]>

// CHECK-LABEL: func @more_sharded_factor_first
// CHECK-NEXT:    stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", "b", ?}]>]>}
// CHECK-NEXT:    stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>
func.func @more_sharded_factor_first(
    %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>},
    %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", "b", ?}]>})
    -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  %1 = stablehlo.custom_call @foo(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}, custom>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

// CHECK-LABEL: func @no_sideways_through_replicated_result(
// CHECK-SAME:      %arg1: tensor<8xf32>,
// CHECK-SAME:      %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>})
// CHECK-NEXT:    stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>}
// CHECK-NEXT:    stablehlo.custom_call @foo(%arg0, %arg2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>
func.func @no_sideways_through_replicated_result(
    %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>},
    %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : tensor<8xf32>
  %1 = stablehlo.custom_call @foo(%arg0, %arg2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=8}, custom>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

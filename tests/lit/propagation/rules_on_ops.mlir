// RUN: sdy_opt %s -sdy-user-priority-propagate | FileCheck %s
// RUN: sdy_opt %s -sdy-op-priority-propagate | FileCheck %s
// RUN: sdy_opt %s -sdy-user-priority-propagate=keep-sharding-rules=true | FileCheck %s --check-prefix=KEEP
// RUN: rm -rf %t && mkdir %t
// RUN: sdy_opt %s -sdy-user-priority-propagate=module-dump-directory=%t | FileCheck %s
// RUN: FileCheck %s --check-prefix=DUMP < %t/00.propagation_after_user_priority_0.mlir

// Propagation derives each op's sharding rule once and, as Shardy, the
// rules are on the ops while it runs: a module dumped between user
// priorities shows them, and so does the output with keep-sharding-rules.
// Otherwise only custom rules remain, the input's other rules removed; a
// rule already on an op (the multiply's) is the one propagation uses.

sdy.mesh @mesh = <["a"=2, "b"=2]>

// CHECK-LABEL: func @main
// CHECK-NEXT:  stablehlo.add %arg0, %arg1
// CHECK-SAME:    {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} :
// CHECK-NEXT:  stablehlo.multiply
// CHECK-SAME:    {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} :
// CHECK-NEXT:  stablehlo.subtract
// CHECK-SAME:    sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}, custom>}

// KEEP-LABEL: func @main
// KEEP-NEXT:  stablehlo.add %arg0, %arg1
// KEEP-SAME:    sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>}
// KEEP-NEXT:  stablehlo.multiply
// KEEP-SAME:    sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k], [ij, k])->([ij, k]) {i=4, j=2, k=8}>}
// KEEP-NEXT:  stablehlo.subtract
// KEEP-SAME:    sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}, custom>}

// DUMP-LABEL: func @main
// DUMP-NEXT:  stablehlo.add %arg0, %arg1
// DUMP-SAME:    {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>}
// DUMP-NEXT:  stablehlo.multiply
// DUMP-SAME:    sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k], [ij, k])->([ij, k]) {i=4, j=2, k=8}>}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p1, {"b"}p0]>},
                %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  %1 = stablehlo.multiply %0, %0 {sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k], [ij, k])->([ij, k]) {i=4, j=2, k=8}>} : tensor<8x8xf32>
  %2 = stablehlo.subtract %1, %0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}, custom>} : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

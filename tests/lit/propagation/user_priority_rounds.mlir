// RUN: rm -rf %t && mkdir %t
// RUN: sdy_opt %s -sdy-user-priority-propagate=module-dump-directory=%t | FileCheck %s
// RUN: FileCheck %s --check-prefix=AFTER-P0 < %t/00.propagation_after_user_priority_0.mlir
// RUN: FileCheck %s --check-prefix=AFTER-P1 < %t/00.propagation_after_user_priority_1.mlir
// RUN: ls %t | count 2
// RUN: rm -rf %t.none && mkdir %t.none
// RUN: sdy_opt %s -sdy-aggressive-propagate=module-dump-directory=%t.none -o /dev/null
// RUN: ls %t.none | count 0

// User priorities round by round, as the module dumps after each round but
// the last show them. Before the first round, every dimension sharding of a
// priority above 0 is closed and empty, its axes replicated (in mesh
// order); each later round gives them back, no longer replicated. An open
// dimension of a later priority is closed until its round, so nothing
// reaches it before. The other propagation passes take the option but dump
// nothing.

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

// AFTER-P0-LABEL: func @main(
// AFTER-P0-SAME:      {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}], replicated={"a", "c"}>}) -> tensor<8x8xf32> {
// AFTER-P0-NEXT:    stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {}]>]>, sdy.sharding_rule =

// AFTER-P1-LABEL: func @main(
// AFTER-P1-SAME:      {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}], replicated={"a"}>})
// AFTER-P1-SAME:      -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {?}]>}) {
// AFTER-P1-NEXT:    stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {}]>]>, sdy.sharding_rule =

// CHECK-LABEL: func @main(
// CHECK-SAME:      {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}], replicated={"a"}>})
// CHECK-SAME:      -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"b", ?}]>}) {
// CHECK-NEXT:    stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}p1, {"b"}p0], replicated={"a"}>}) -> tensor<8x8xf32> {
  %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {?}p2]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

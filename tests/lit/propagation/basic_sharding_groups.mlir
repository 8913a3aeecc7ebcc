// RUN: sdy_opt %s -split-input-file -sdy-basic-propagate -verify-diagnostics | FileCheck %s

// Sharding groups in -sdy-basic-propagate: members first agree on the one
// sharding (open empty shardings aside) the group has; a conflict inserts an
// open sharding constraint after every member, the constraints becoming the
// members; during propagation a sharding given to a member goes to all.

sdy.mesh @mesh = <["a"=2, "b"=2]>

// CHECK-LABEL: func @members_take_the_group_sharding
// CHECK-SAME:      %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}
// CHECK-NEXT:    %[[ABS:.*]] = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {?}]>]>}
// CHECK:         stablehlo.negate %[[ABS]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>}
func.func @members_take_the_group_sharding(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = stablehlo.abs %arg1 : tensor<8x8xf32>
  sdy.sharding_group %arg0 group_id = 0 : tensor<8x8xf32>
  sdy.sharding_group %0 group_id = 0 : tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  return %1, %arg0 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// The constraint of %arg1 goes first: both are put at the start of the block.
// The first propagation through a constraint gives "b" to both members.
// CHECK-LABEL: func @main
// CHECK-NEXT:    %[[C1:.*]] = sdy.sharding_constraint %arg1 <@mesh, [{"b", ?}, {?}]>
// CHECK-NEXT:    %[[C0:.*]] = sdy.sharding_constraint %arg0 <@mesh, [{"b", ?}, {?}]>
// CHECK-NEXT:    sdy.sharding_group %[[C0]] group_id=3
// CHECK-NEXT:    sdy.sharding_group %[[C1]] group_id=3
// CHECK-NEXT:    stablehlo.add %[[C0]], %[[C1]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>}
// CHECK-NEXT:    stablehlo.abs %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b"}]>]>}
// CHECK-NEXT:    stablehlo.negate %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b"}]>]>}
// expected-warning @+1 {{The initial operand shardings on the sharding groups of groupID: 3 do not match. Inserting an open sharding constraint to all constrained values. This can be caused when shardings from different values are grouped (e.g. from jax.shard_alike) but have separate inconsistent sharding constraints on them.}}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {?}]>}, %arg2: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  sdy.sharding_group %arg0 group_id = 3 : tensor<8x8xf32>
  sdy.sharding_group %arg1 group_id = 3 : tensor<8x8xf32>
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  %1 = stablehlo.abs %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b"}]>]>} : tensor<8x8xf32>
  %2 = stablehlo.negate %arg2 : tensor<8x8xf32>
  sdy.sharding_group %2 group_id = 7 : tensor<8x8xf32>
  sdy.sharding_group %1 group_id = 7 : tensor<8x8xf32>
  return %0, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// A sharding propagated to one member during propagation reaches the other
// one, and from there its users.
// CHECK-LABEL: func @propagated_to_the_group
// CHECK-NEXT:    %[[ABS:.*]] = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>}
// CHECK-NEXT:    %[[NEG:.*]] = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>}
// CHECK-NEXT:    sdy.sharding_group %[[ABS]] group_id=0
// CHECK-NEXT:    sdy.sharding_group %[[NEG]] group_id=0
// CHECK-NEXT:    stablehlo.exponential %[[NEG]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>}
func.func @propagated_to_the_group(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}, %arg1: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = stablehlo.abs %arg0 : tensor<8xf32>
  %1 = stablehlo.negate %arg1 : tensor<8xf32>
  sdy.sharding_group %0 group_id = 0 : tensor<8xf32>
  sdy.sharding_group %1 group_id = 0 : tensor<8xf32>
  %2 = stablehlo.exponential %1 : tensor<8xf32>
  return %0, %2 : tensor<8xf32>, tensor<8xf32>
}

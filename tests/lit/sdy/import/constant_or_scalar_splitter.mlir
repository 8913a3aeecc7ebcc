// RUN: sdy_opt %s -split-input-file -sdy-constant-or-scalar-splitter | FileCheck %s

// Reshards and propagation barriers preserve constants (pure, element-wise
// for propagation); clamp and select do too (broadcasting element-wise).
// CHECK-LABEL: func @constant_preserving_sdy_and_broadcasting_ops
sdy.mesh @mesh = <["a"=2]>
func.func @constant_preserving_sdy_and_broadcasting_ops(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  // CHECK-NEXT: %[[C0:.*]] = sdy.constant dense<1.000000e+00>
  // CHECK-NEXT: %[[C1:.*]] = sdy.constant dense<1.000000e+00>
  // CHECK-NEXT: %[[R0:.*]] = sdy.reshard %[[C0]]
  // CHECK-NEXT: %[[R1:.*]] = sdy.reshard %[[C1]]
  // CHECK-NEXT: %[[B0:.*]] = sdy.propagation_barrier %[[R0]]
  // CHECK-NEXT: %[[B1:.*]] = sdy.propagation_barrier %[[R1]]
  // CHECK-NEXT: %[[CL0:.*]] = stablehlo.clamp %[[B0]], %[[B0]], %[[B0]]
  // CHECK-NEXT: %[[CL1:.*]] = stablehlo.clamp %[[B1]], %[[B1]], %[[B1]]
  // CHECK-NEXT: %[[ADD:.*]] = stablehlo.add %[[CL0]], %arg0
  // CHECK-NEXT: return %[[ADD]], %[[CL1]]
  %0 = stablehlo.constant dense<1.0> : tensor<8xf32>
  %1 = sdy.reshard %0 <@mesh, [{"a"}]> : tensor<8xf32>
  %2 = sdy.propagation_barrier %1 allowed_direction=NONE : tensor<8xf32>
  %3 = stablehlo.clamp %2, %2, %2 : tensor<8xf32>
  %4 = stablehlo.add %3, %arg0 : tensor<8xf32>
  return %4, %3 : tensor<8xf32>, tensor<8xf32>
}

// -----

// A sharding constraint is not pure: a function holding one is not constant,
// so a call to it is not split.
// CHECK-LABEL: func @call_to_func_with_sharding_constraint
sdy.mesh @mesh = <["a"=2]>
func.func @call_to_func_with_sharding_constraint() -> (tensor<8xf32>, tensor<8xf32>) {
  // CHECK-NEXT: %[[CALL:.*]] = call @foo()
  // CHECK-NEXT: %[[ABS0:.*]] = stablehlo.abs %[[CALL]]
  // CHECK-NEXT: %[[ABS1:.*]] = stablehlo.abs %[[CALL]]
  %0 = call @foo() : () -> tensor<8xf32>
  %1 = stablehlo.abs %0 : tensor<8xf32>
  %2 = stablehlo.abs %0 : tensor<8xf32>
  return %1, %2 : tensor<8xf32>, tensor<8xf32>
}
// CHECK-LABEL: func private @foo
// CHECK-NEXT:  sdy.constant
// CHECK-NEXT:  sdy.sharding_constraint
// CHECK-NOT:   func.func
func.func private @foo() -> tensor<8xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"a"}]> : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// A bitcast_convert preserves constants when it keeps the shape only.
// CHECK-LABEL: func @bitcast_convert
func.func @bitcast_convert(%arg0: tensor<8xi32>, %arg1: tensor<8x2xi16>) -> (tensor<8xi32>, tensor<8xi32>, tensor<8x2xi16>, tensor<8x2xi16>) {
  // The shape-changing one is not constant: it gets the first copy, first.
  // CHECK-NEXT: %[[C0:.*]] = sdy.constant dense<1.000000e+00> : tensor<8xf32>
  // CHECK-NEXT: %[[C1:.*]] = sdy.constant dense<1.000000e+00> : tensor<8xf32>
  // CHECK-NEXT: %[[C2:.*]] = sdy.constant dense<1.000000e+00> : tensor<8xf32>
  // CHECK-NEXT: %[[SAME0:.*]] = stablehlo.bitcast_convert %[[C1]] : (tensor<8xf32>) -> tensor<8xi32>
  // CHECK-NEXT: %[[SAME1:.*]] = stablehlo.bitcast_convert %[[C2]] : (tensor<8xf32>) -> tensor<8xi32>
  // CHECK-NEXT: %[[OTHER:.*]] = stablehlo.bitcast_convert %[[C0]] : (tensor<8xf32>) -> tensor<8x2xi16>
  // CHECK-NEXT: stablehlo.add %[[SAME0]], %arg0
  // CHECK-NEXT: stablehlo.add %[[OTHER]], %arg1
  // CHECK-NEXT: return %{{.*}}, %[[SAME1]], %{{.*}}, %[[OTHER]]
  %0 = stablehlo.constant dense<1.0> : tensor<8xf32>
  %1 = stablehlo.bitcast_convert %0 : (tensor<8xf32>) -> tensor<8xi32>
  %2 = stablehlo.bitcast_convert %0 : (tensor<8xf32>) -> tensor<8x2xi16>
  %3 = stablehlo.add %1, %arg0 : tensor<8xi32>
  %4 = stablehlo.add %2, %arg1 : tensor<8x2xi16>
  return %3, %1, %4, %2 : tensor<8xi32>, tensor<8xi32>, tensor<8x2xi16>, tensor<8x2xi16>
}

// -----

// Functions are visited as MLIR's call graph post-order has them: a search
// from each function in module order, callees first. @w (called by @r) comes
// before @u, so its clones of @foo are named first.
// CHECK-LABEL: func private @w
// CHECK-NEXT:  call @foo_0()
// CHECK-NEXT:  call @foo_1()
// CHECK-LABEL: func @u
// CHECK-NEXT:  call @foo_2()
// CHECK-NEXT:  call @foo_3()
func.func private @w() -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = call @foo() : () -> tensor<8xf32>
  %1 = stablehlo.abs %0 : tensor<8xf32>
  %2 = stablehlo.abs %0 : tensor<8xf32>
  return %1, %2 : tensor<8xf32>, tensor<8xf32>
}
func.func @u() -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = call @foo() : () -> tensor<8xf32>
  %1 = stablehlo.abs %0 : tensor<8xf32>
  %2 = stablehlo.abs %0 : tensor<8xf32>
  return %1, %2 : tensor<8xf32>, tensor<8xf32>
}
func.func @r() -> (tensor<8xf32>, tensor<8xf32>) {
  %0:2 = call @w() : () -> (tensor<8xf32>, tensor<8xf32>)
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xf32>
}
func.func private @foo() -> tensor<8xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<8xf32>
  %1 = stablehlo.negate %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// Whether a call is constant goes by the callee's original name: @bar is a
// copy of the non-constant @foo, so calls to it are not split either.
// CHECK-LABEL: func @by_original_name
func.func @by_original_name(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  // CHECK-NEXT: %[[C:.*]] = sdy.constant
  // CHECK-NEXT: %[[CALL:.*]] = call @bar(%[[C]])
  // CHECK-NEXT: stablehlo.abs %[[CALL]]
  // CHECK-NEXT: stablehlo.abs %[[CALL]]
  %c = stablehlo.constant dense<1.0> : tensor<8x8xf32>
  %0 = call @bar(%c) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.abs %0 : tensor<8x8xf32>
  %2 = stablehlo.abs %0 : tensor<8x8xf32>
  %3 = call @foo(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}
func.func private @foo(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.dot %arg0, %arg0 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func private @bar(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> attributes {sdy.original_func_name = "foo"} {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Named computations go by name too: the second "foo" only holds constants but
// the first does not, so neither is split.
// CHECK-LABEL: func @named_computations_by_name
func.func @named_computations_by_name(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  // CHECK:      %[[NC:.*]] = sdy.named_computation<"foo">() () {
  // CHECK:      stablehlo.abs %[[NC]]
  // CHECK-NEXT: stablehlo.abs %[[NC]]
  %0 = sdy.named_computation<"foo">(%arg0) (%a: tensor<8x8xf32>) {
    %1 = stablehlo.dot %a, %a : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = sdy.named_computation<"foo">() () {
    %3 = stablehlo.constant dense<1.0> : tensor<8x8xf32>
    sdy.return %3 : tensor<8x8xf32>
  } : () -> tensor<8x8xf32>
  %4 = stablehlo.abs %2 : tensor<8x8xf32>
  %5 = stablehlo.abs %2 : tensor<8x8xf32>
  return %0, %4, %5 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// Unused constant sub-computations go; unused non-constant ops stay. The
// sharding groups of a scalar expansion follow its copies; several groups on
// one value are copied in use-list order (the last one first).
// CHECK-LABEL: func @unused_and_groups
func.func @unused_and_groups(%arg0: tensor<f32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK-NEXT: %[[B0:.*]] = stablehlo.broadcast_in_dim %arg0
  // CHECK-NEXT: sdy.sharding_group %[[B0]] group_id=1
  // CHECK-NEXT: sdy.sharding_group %[[B0]] group_id=0
  // CHECK-NEXT: %[[B1:.*]] = stablehlo.broadcast_in_dim %arg0
  // CHECK-NEXT: sdy.sharding_group %[[B1]] group_id=1
  // CHECK-NEXT: sdy.sharding_group %[[B1]] group_id=0
  // CHECK-NEXT: stablehlo.negate %arg1
  // CHECK-NEXT: %[[MUL:.*]] = stablehlo.multiply %[[B0]], %[[B1]]
  // CHECK-NEXT: return %[[MUL]]
  %c = stablehlo.constant dense<1.0> : tensor<8xf32>
  %i = stablehlo.iota dim = 0 : tensor<8xf32>
  %n = stablehlo.add %c, %i : tensor<8xf32>
  %b = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<8xf32>
  sdy.sharding_group %b group_id=0 : tensor<8xf32>
  sdy.sharding_group %b group_id=1 : tensor<8xf32>
  %dead = stablehlo.negate %arg1 : tensor<8xf32>
  %m = stablehlo.multiply %b, %b : tensor<8xf32>
  return %m : tensor<8xf32>
}

// -----

// A stablehlo.constant becomes a new sdy.constant (Shardy replaces it: the
// uses move over one by one, each put first), so its sharding groups are
// copied in the order opposite to a value the pass leaves alone (above):
// the first one first.
// CHECK-LABEL: func @groups_of_converted_constant
func.func @groups_of_converted_constant(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK-NEXT: %[[C:.*]] = sdy.constant dense<1.000000e+00>
  // CHECK-NEXT: sdy.sharding_group %[[C]] group_id=0
  // CHECK-NEXT: sdy.sharding_group %[[C]] group_id=1
  // CHECK-NEXT: %[[ADD:.*]] = stablehlo.add %arg0, %[[C]]
  // CHECK-NEXT: return %[[ADD]]
  %c = stablehlo.constant dense<1.0> : tensor<8xf32>
  sdy.sharding_group %c group_id=0 : tensor<8xf32>
  sdy.sharding_group %c group_id=1 : tensor<8xf32>
  %0 = stablehlo.add %arg0, %c : tensor<8xf32>
  return %0 : tensor<8xf32>
}

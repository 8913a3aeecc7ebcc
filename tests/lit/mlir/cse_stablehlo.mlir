// -cse on StableHLO and Shardy ops (mlir-opt-22 has neither dialect, so these
// are checked against MLIR's rules rather than its output).
// RUN: sdy_opt -split-input-file -cse %s | FileCheck %s
// RUN: sdy_opt -split-input-file -cse -mlir-print-debuginfo %s | sdy_opt -split-input-file -cse -mlir-print-debuginfo > /dev/null

// Pure ops are CSE'd; commutative ones whatever their operand order, others
// only in the same order. A custom_call has effects only with
// has_side_effect = true (StableHLO's getEffects): those stay, the others
// are CSE'd as pure ops; unused pure ops go.
// CHECK-LABEL: func.func @pure_ops
// CHECK-NEXT:    %[[C:.*]] = stablehlo.constant dense<1>
// CHECK-NEXT:    %[[ADD:.*]] = stablehlo.add %arg0, %arg1
// CHECK-NEXT:    %[[SUB0:.*]] = stablehlo.subtract %arg0, %arg1
// CHECK-NEXT:    %[[SUB1:.*]] = stablehlo.subtract %arg1, %arg0
// CHECK-NEXT:    %[[CC0:.*]] = stablehlo.custom_call @foo(%arg0)
// CHECK-NEXT:    %[[SE0:.*]] = stablehlo.custom_call @foo(%arg0) {has_side_effect = true}
// CHECK-NEXT:    %[[SE1:.*]] = stablehlo.custom_call @foo(%arg0) {has_side_effect = true}
// CHECK-NEXT:    %[[SUM:.*]] = stablehlo.add %[[ADD]], %[[ADD]]
// CHECK-NEXT:    %[[DIFF:.*]] = stablehlo.add %[[SUB0]], %[[SUB1]]
// CHECK-NEXT:    return %[[SUM]], %[[DIFF]], %[[CC0]], %[[CC0]], %[[SE0]], %[[SE1]], %[[C]], %[[C]]
func.func @pure_ops(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<i32>, tensor<i32>) {
  %c0 = stablehlo.constant dense<1> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  %1 = stablehlo.add %b, %a : tensor<4xf32>
  %2 = stablehlo.subtract %a, %b : tensor<4xf32>
  %3 = stablehlo.subtract %b, %a : tensor<4xf32>
  %cc0 = stablehlo.custom_call @foo(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %cc1 = stablehlo.custom_call @foo(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %se0 = stablehlo.custom_call @foo(%a) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  %se1 = stablehlo.custom_call @foo(%a) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  %dead = stablehlo.multiply %a, %b : tensor<4xf32>
  %u = stablehlo.add %0, %1 : tensor<4xf32>
  %v = stablehlo.add %2, %3 : tensor<4xf32>
  return %u, %v, %cc0, %cc1, %se0, %se1, %c0, %c1 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<i32>, tensor<i32>
}

// -----

// A while body sees the values known outside it (while is not isolated from
// above); inside, the commutative duplicate is CSE'd.
// CHECK-LABEL: func.func @while_body
// CHECK-NEXT:    %[[C:.*]] = stablehlo.constant dense<1>
// CHECK-NEXT:    %[[OUT:.*]] = stablehlo.add %arg0, %arg1
// CHECK-NEXT:    %[[W:.*]]:2 = stablehlo.while
// CHECK:         } do {
// CHECK-NEXT:      %[[J:.*]] = stablehlo.add %iterArg, %[[C]]
// CHECK-NEXT:      %[[M:.*]] = stablehlo.add %[[J]], %[[J]]
// CHECK-NEXT:      stablehlo.return %[[M]], %[[OUT]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[W]]#0, %[[W]]#1
func.func @while_body(%a: tensor<4xf32>, %b: tensor<4xf32>, %n: tensor<i32>) -> (tensor<i32>, tensor<4xf32>) {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %outer = stablehlo.add %a, %b : tensor<4xf32>
  %w:2 = stablehlo.while(%i = %n, %x = %outer) : tensor<i32>, tensor<4xf32>
    cond {
    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %in = stablehlo.add %a, %b : tensor<4xf32>
    %j = stablehlo.add %i, %c : tensor<i32>
    %k = stablehlo.add %c, %i : tensor<i32>
    %m = stablehlo.add %j, %k : tensor<i32>
    stablehlo.return %m, %in : tensor<i32>, tensor<4xf32>
  }
  return %w#0, %w#1 : tensor<i32>, tensor<4xf32>
}

// -----

// Two loops whose regions are the same once the second constant is replaced
// by the first are one loop: regions are compared op by op, block arguments
// paired up.
// CHECK-LABEL: func.func @same_loops
// CHECK-NEXT:    stablehlo.constant
// CHECK-NEXT:    %[[W:.*]] = stablehlo.while
// CHECK-NOT:     stablehlo.while
// CHECK:         return %[[W]], %[[W]]
func.func @same_loops(%n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %c0 = stablehlo.constant dense<1> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %w0 = stablehlo.while(%i = %n) : tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = stablehlo.add %i, %c0 : tensor<i32>
    stablehlo.return %j : tensor<i32>
  }
  %w1 = stablehlo.while(%k = %n) : tensor<i32>
    cond {
    %p = stablehlo.compare LT, %k, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = stablehlo.add %k, %c1 : tensor<i32>
    stablehlo.return %j : tensor<i32>
  }
  return %w0, %w1 : tensor<i32>, tensor<i32>
}

// -----

// Ops are only erased once the walk is over, as in MLIR: here the first body
// still holds its replaced duplicate when the loops are compared, so they
// differ.
// CHECK-LABEL: func.func @erasure_comes_last
// CHECK-COUNT-2: stablehlo.while
func.func @erasure_comes_last(%n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %w0 = stablehlo.while(%i = %n) : tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = stablehlo.add %i, %c : tensor<i32>
    %k = stablehlo.add %c, %i : tensor<i32>
    %m = stablehlo.add %j, %k : tensor<i32>
    stablehlo.return %m : tensor<i32>
  }
  %w1 = stablehlo.while(%i = %n) : tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = stablehlo.add %i, %c : tensor<i32>
    %m = stablehlo.add %j, %j : tensor<i32>
    stablehlo.return %m : tensor<i32>
  }
  return %w0, %w1 : tensor<i32>, tensor<i32>
}

// -----

// Loops whose bodies differ stay apart.
// CHECK-LABEL: func.func @different_bodies
// CHECK-COUNT-2: stablehlo.while
func.func @different_bodies(%n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %w0 = stablehlo.while(%i = %n) : tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = stablehlo.add %i, %c : tensor<i32>
    stablehlo.return %j : tensor<i32>
  }
  %w1 = stablehlo.while(%i = %n) : tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = stablehlo.subtract %i, %c : tensor<i32>
    stablehlo.return %j : tensor<i32>
  }
  return %w0, %w1 : tensor<i32>, tensor<i32>
}

// -----

sdy.mesh @mesh = <["a"=2]>

// sdy.manual_computation is isolated from above: its body does not reuse the
// outer add, but CSEs within itself.
// CHECK-LABEL: func.func @manual_computation
// CHECK-NEXT:    %[[OUT:.*]] = stablehlo.add %arg0, %arg0
// CHECK-NEXT:    sdy.manual_computation
// CHECK-NEXT:      %[[IN:.*]] = stablehlo.add %arg1, %arg1
// CHECK-NEXT:      %[[MUL:.*]] = stablehlo.multiply %[[IN]], %[[IN]]
// CHECK-NEXT:      sdy.return %[[MUL]]
func.func @manual_computation(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %outer = stablehlo.add %a, %a : tensor<4xf32>
  %mc = sdy.manual_computation(%outer) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%x: tensor<2xf32>) {
    %y = stablehlo.add %x, %x : tensor<2xf32>
    %z = stablehlo.add %x, %x : tensor<2xf32>
    %s = stablehlo.multiply %y, %z : tensor<2xf32>
    sdy.return %s : tensor<2xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %outer, %mc : tensor<4xf32>, tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["a"=2]>

// Shardy's pure ops (reshard) are CSE'd, attributes must match;
// sharding_constraint is not pure in Shardy, so it stays.
// CHECK-LABEL: func.func @shardy_ops
// CHECK-NEXT:    %[[A:.*]] = sdy.reshard %arg0 <@mesh, [{"a"}]>
// CHECK-NEXT:    %[[B:.*]] = sdy.reshard %arg0 <@mesh, [{}]>
// CHECK-NEXT:    %[[C0:.*]] = sdy.sharding_constraint %arg0 <@mesh, [{"a"}]>
// CHECK-NEXT:    %[[C1:.*]] = sdy.sharding_constraint %arg0 <@mesh, [{"a"}]>
// CHECK-NEXT:    return %[[A]], %[[A]], %[[B]], %[[C0]], %[[C1]]
func.func @shardy_ops(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = sdy.reshard %a <@mesh, [{"a"}]> : tensor<4xf32>
  %1 = sdy.reshard %a <@mesh, [{"a"}]> : tensor<4xf32>
  %2 = sdy.reshard %a <@mesh, [{}]> : tensor<4xf32>
  %3 = sdy.sharding_constraint %a <@mesh, [{"a"}]> : tensor<4xf32>
  %4 = sdy.sharding_constraint %a <@mesh, [{"a"}]> : tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

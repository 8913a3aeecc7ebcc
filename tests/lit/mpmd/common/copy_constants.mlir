// RUN: mpmd_opt %s -mpmd-copy-constants 2>&1 | FileCheck %s

!m1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>
#topology = #mpmd.topology<<"m1": <["x"=1]>>, <"m2": <["x"=1]>>>

// A constant returned by a fragment is copied into its consumers, through
// transfers too; the producer and the transfer stay (no clean-up).
// CHECK-LABEL: func.func @through_transfer
// CHECK:      %[[P:.*]]:2 = mpmd.fragment<mesh="m1", origin=["p"]>
// CHECK:      %[[T:.*]] = mpmd.transfer %[[P]]#0
// CHECK:      mpmd.fragment<mesh="m2", origin=["c"]> (%[[T]], %arg1) (%arg2: tensor<4xf32>, %arg3: tensor<4xf32>) {
// CHECK-NEXT:   %[[C:.*]] = stablehlo.constant dense<1.000000e+00>
// CHECK-NEXT:   stablehlo.add %[[C]], %arg3
// CHECK:      mpmd.fragment<mesh="m1", origin=["d"]> (%[[P]]#0, %[[P]]#1) (%arg2: tensor<4xf32>, %arg3: tensor<4xf32>) {
// CHECK-NEXT:   %[[C2:.*]] = stablehlo.constant dense<1.000000e+00>
// CHECK-NEXT:   stablehlo.multiply %[[C2]], %arg3
func.func @through_transfer(%arg0: !m1, %arg1: !m2) -> (!m2, !m1) attributes {topology = #topology} {
  %p:2 = mpmd.fragment<mesh="m1", origin=["p"]> (%arg0) (%x: tensor<4xf32>) {
    %c = stablehlo.constant dense<1.0> : tensor<4xf32>
    %a = stablehlo.abs %x : tensor<4xf32>
    mpmd.return %c, %a : tensor<4xf32>, tensor<4xf32>
  } : (!m1) -> (!m1, !m1)
  %t = mpmd.transfer %p#0 : (!m1) -> !m2
  %c = mpmd.fragment<mesh="m2", origin=["c"]> (%t, %arg1) (%x: tensor<4xf32>, %y: tensor<4xf32>) {
    %s = stablehlo.add %x, %y : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!m2, !m2) -> !m2
  %d = mpmd.fragment<mesh="m1", origin=["d"]> (%p#0, %p#1) (%x: tensor<4xf32>, %y: tensor<4xf32>) {
    %s = stablehlo.multiply %x, %y : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!m1, !m1) -> !m1
  return %c, %d : !m2, !m1
}

// Fragments are visited last first: the last fragment only sees that its
// operand comes from a block argument of the middle one, so the constant
// goes one fragment down per run. Several constant operands are copied in
// operand order, each at the start of the block (so the last one first).
// CHECK-LABEL: func.func @one_step
// CHECK:      mpmd.fragment<mesh="m1", origin=["a"]>
// CHECK:      mpmd.fragment<mesh="m1", origin=["b"]>
// CHECK-NEXT:   %[[Z:.*]] = stablehlo.constant dense<2.000000e+00>
// CHECK-NEXT:   %[[O:.*]] = stablehlo.constant dense<1.000000e+00>
// CHECK-NEXT:   stablehlo.add %[[O]], %[[Z]]
// CHECK-NEXT:   mpmd.return %[[O]]
// CHECK:      mpmd.fragment<mesh="m1", origin=["c"]> (%{{.*}}) (%arg1: tensor<4xf32>) {
// CHECK-NEXT:   stablehlo.abs %arg1
func.func @one_step(%arg0: !m1) -> !m1 attributes {topology = #topology} {
  %a:2 = mpmd.fragment<mesh="m1", origin=["a"]> (%arg0) (%x: tensor<4xf32>) {
    %c = stablehlo.constant dense<1.0> : tensor<4xf32>
    %d = stablehlo.constant dense<2.0> : tensor<4xf32>
    mpmd.return %c, %d : tensor<4xf32>, tensor<4xf32>
  } : (!m1) -> (!m1, !m1)
  %b = mpmd.fragment<mesh="m1", origin=["b"]> (%a#0, %a#1) (%x: tensor<4xf32>, %y: tensor<4xf32>) {
    %s = stablehlo.add %x, %y : tensor<4xf32>
    mpmd.return %x : tensor<4xf32>
  } : (!m1, !m1) -> !m1
  %c = mpmd.fragment<mesh="m1", origin=["c"]> (%b) (%x: tensor<4xf32>) {
    %s = stablehlo.abs %x : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!m1) -> !m1
  return %c : !m1
}

// Only constants are copied, and only from fragments (not from a function
// argument).
// CHECK-LABEL: func.func @not_constant
// CHECK-NOT:  stablehlo.constant
func.func @not_constant(%arg0: !m1, %arg1: !m2) -> !m2 attributes {topology = #topology} {
  %p = mpmd.fragment<mesh="m1", origin=["p"]> (%arg0) (%x: tensor<4xf32>) {
    %a = stablehlo.abs %x : tensor<4xf32>
    mpmd.return %a : tensor<4xf32>
  } : (!m1) -> !m1
  %t = mpmd.transfer %p : (!m1) -> !m2
  %c = mpmd.fragment<mesh="m2", origin=["c"]> (%t, %arg1) (%x: tensor<4xf32>, %y: tensor<4xf32>) {
    %s = stablehlo.add %x, %y : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!m2, !m2) -> !m2
  return %c : !m2
}

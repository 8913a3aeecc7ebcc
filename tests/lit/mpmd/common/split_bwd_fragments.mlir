// RUN: mpmd_opt %s -split-input-file -mpmd-split-bwd-fragments 2>&1 | FileCheck %s

!m1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

// The transferred result keeps what it needs (%a, %g) in the first
// fragment, which also returns the residuals the second needs (%arg1 and
// %a, fully replicated); the second computes the rest.
// CHECK-LABEL: func.func @split
// CHECK:      %[[K:.*]]:3 = mpmd.fragment<mesh="m1", origin=["b"(1)]> (%arg0, %arg1) {call_counter = 0 : ui32, split_keep_transferred} (%arg2: tensor<4xf32>, %arg3: tensor<4xf32>) {
// CHECK-NEXT:   %[[A:.*]] = stablehlo.add %arg2, %arg3
// CHECK-NEXT:   %[[G:.*]] = stablehlo.multiply %[[A]], %arg2
// CHECK-NEXT:   mpmd.return %[[G]], %arg3, %[[A]]
// CHECK-NEXT: } : {{.*}} -> (!mpmd.mesh_tensor<"m1", tensor<4xf32>>, !mpmd.mesh_tensor<"m1", tensor<4xf32>>, !mpmd.mesh_tensor<"m1", tensor<4xf32>>)
// CHECK-NEXT: %[[P:.*]] = mpmd.fragment<mesh="m1", origin=["b"(1)]> (%arg0, %arg1, %[[K]]#1, %[[K]]#2) {call_counter = 0 : ui32, split_drop_transferred} (%arg2: tensor<4xf32>, %arg3: tensor<4xf32>, %arg4: tensor<4xf32>, %arg5: tensor<4xf32>) {
// CHECK-NEXT:   %[[W:.*]] = stablehlo.abs %arg5
// CHECK-NEXT:   %[[W2:.*]] = stablehlo.subtract %[[W]], %arg4
// CHECK-NEXT:   mpmd.return %[[W2]]
// CHECK:      %[[T:.*]] = mpmd.transfer %[[K]]#0
// CHECK:      return %[[T]], %[[P]]
func.func @split(%arg0: !m1, %arg1: !m1) -> (!m2, !m1, !m1)
    attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>, <"m2": <["x"=1]>>>} {
  %b:2 = mpmd.fragment<mesh="m1", origin=["b"(1)]> (%arg0, %arg1) {call_counter = 0 : ui32} (%x: tensor<4xf32>, %y: tensor<4xf32>) {
    %a = stablehlo.add %x, %y : tensor<4xf32>
    %g = stablehlo.multiply %a, %x : tensor<4xf32>
    %w = stablehlo.abs %a : tensor<4xf32>
    %w2 = stablehlo.subtract %w, %y : tensor<4xf32>
    mpmd.return %g, %w2 : tensor<4xf32>, tensor<4xf32>
  } : (!m1, !m1) -> (!m1, !m1)
  %t = mpmd.transfer %b#0 : (!m1) -> !m2
  %other = mpmd.fragment<mesh="m1", origin=["o"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  return %t, %b#1, %other : !m2, !m1, !m1
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

// As Shardy, the count of ops the transferred results keep is compared
// with the ops of the block holding the fragment (here both 3), and the
// fragment is then left whole.
// CHECK-LABEL: func.func @kept_as_shardy
// CHECK:      mpmd.fragment<mesh="m1", origin=["b"(1)]> (%arg0, %arg1) {call_counter = 0 : ui32} (
// CHECK-NOT:  split_
func.func @kept_as_shardy(%arg0: !m1, %arg1: !m1) -> (!m2, !m1)
    attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>, <"m2": <["x"=1]>>>} {
  %b:2 = mpmd.fragment<mesh="m1", origin=["b"(1)]> (%arg0, %arg1) {call_counter = 0 : ui32} (%x: tensor<4xf32>, %y: tensor<4xf32>) {
    %a = stablehlo.add %x, %y : tensor<4xf32>
    %g = stablehlo.multiply %a, %x : tensor<4xf32>
    %w = stablehlo.abs %a : tensor<4xf32>
    mpmd.return %g, %w : tensor<4xf32>, tensor<4xf32>
  } : (!m1, !m1) -> (!m1, !m1)
  %t = mpmd.transfer %b#0 : (!m1) -> !m2
  return %t, %b#1 : !m2, !m1
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

// Not split: a forward fragment, an already split one, one whose results
// are all transferred, one with none transferred.
// CHECK-LABEL: func.func @not_split
// CHECK-COUNT-4: mpmd.fragment
// CHECK-NOT:  mpmd.fragment
func.func @not_split(%arg0: !m1, %arg1: !m1) -> (!m2, !m1, !m2, !m1, !m2, !m2, !m1, !m1)
    attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>, <"m2": <["x"=1]>>>} {
  %f:2 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0, %arg1) (%x: tensor<4xf32>, %y: tensor<4xf32>) {
    %a = stablehlo.add %x, %y : tensor<4xf32>
    %w = stablehlo.abs %y : tensor<4xf32>
    mpmd.return %a, %w : tensor<4xf32>, tensor<4xf32>
  } : (!m1, !m1) -> (!m1, !m1)
  %t1 = mpmd.transfer %f#0 : (!m1) -> !m2
  %s:2 = mpmd.fragment<mesh="m1", origin=["s"(1)]> (%arg0, %arg1) {split_keep_transferred} (%x: tensor<4xf32>, %y: tensor<4xf32>) {
    %a = stablehlo.add %x, %y : tensor<4xf32>
    %w = stablehlo.abs %y : tensor<4xf32>
    mpmd.return %a, %w : tensor<4xf32>, tensor<4xf32>
  } : (!m1, !m1) -> (!m1, !m1)
  %t2 = mpmd.transfer %s#0 : (!m1) -> !m2
  %all:2 = mpmd.fragment<mesh="m1", origin=["a"(1)]> (%arg0, %arg1) (%x: tensor<4xf32>, %y: tensor<4xf32>) {
    %a = stablehlo.add %x, %y : tensor<4xf32>
    %w = stablehlo.abs %y : tensor<4xf32>
    mpmd.return %a, %w : tensor<4xf32>, tensor<4xf32>
  } : (!m1, !m1) -> (!m1, !m1)
  %t3 = mpmd.transfer %all#0 : (!m1) -> !m2
  %t4 = mpmd.transfer %all#1 : (!m1) -> !m2
  %none:2 = mpmd.fragment<mesh="m1", origin=["n"(1)]> (%arg0, %arg1) (%x: tensor<4xf32>, %y: tensor<4xf32>) {
    %a = stablehlo.add %x, %y : tensor<4xf32>
    %w = stablehlo.abs %y : tensor<4xf32>
    mpmd.return %a, %w : tensor<4xf32>, tensor<4xf32>
  } : (!m1, !m1) -> (!m1, !m1)
  return %t1, %f#1, %t2, %s#1, %t3, %t4, %none#0, %none#1 : !m2, !m1, !m2, !m1, !m2, !m2, !m1, !m1
}

// RUN: mpmd_opt -canonicalize %s | FileCheck %s
// mpmd's canonicalization patterns.

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
!m1s = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, memory_kind="device">
!m2 = !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>

// CHECK-LABEL: func.func @fragment_pass_through
func.func @fragment_pass_through(%arg0: !m1, %arg1: !m1) -> (!m1, !m1, !m1)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // CHECK-NEXT: %[[F:.*]]:3 = mpmd.fragment
  // CHECK:      return %arg1, %[[F]]#1, %arg0
  %0:3 = mpmd.fragment<mesh="m1", origin=[]> (%arg0, %arg1) (%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
    mpmd.return %b, %a, %a : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
  } : (!m1, !m1) -> (!m1, !m1, !m1)
  %1 = mpmd.fragment<mesh="m1", origin=[]> (%0#2) (%a: tensor<4x8xf32>) {
    mpmd.return %a : tensor<4x8xf32>
  } : (!m1) -> !m1
  return %0#0, %0#1, %1 : !m1, !m1, !m1
}

// CHECK-LABEL: func.func @transfer_chain_across_memory_kinds
func.func @transfer_chain_across_memory_kinds(%arg0: !m1) -> !m2
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
  // Only the mesh names count: the inner transfer goes, the identity too.
  // CHECK-NEXT: %[[T:.*]] = mpmd.transfer %arg0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
  // CHECK-NEXT: return %[[T]]
  %0 = mpmd.transfer %arg0 : (!m1) -> !m1s
  %1 = mpmd.transfer %0 : (!m1s) -> !m1
  %2 = mpmd.transfer %1 : (!m1) -> !m1
  %3 = mpmd.transfer %2 : (!m1) -> !m2
  return %3 : !m2
}

// CHECK-LABEL: func.func @unused_ops_go
func.func @unused_ops_go(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK-NEXT: return %arg0
  %0 = mpmd.broadcast %arg0 : tensor<4x8xf32>
  %1 = mpmd.reduce<add> %0, %arg0 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = mpmd.named_tensor %1 name="x" : tensor<4x8xf32>
  return %arg0 : tensor<4x8xf32>
}

// RUN: mpmd_opt %s -mpmd-merge-transfers 2>&1 | FileCheck %s

!m1 = !mpmd.mesh_tensor<"m1", tensor<f32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<f32>>
!h1 = !mpmd.mesh_tensor<"m1", tensor<f32>, memory_kind="pinned_host">
!h2 = !mpmd.mesh_tensor<"m2", tensor<f32>, memory_kind="pinned_host">
!d1 = !mpmd.mesh_tensor<"m1", tensor<f32>, memory_kind="device">
!d2 = !mpmd.mesh_tensor<"m2", tensor<f32>, memory_kind="device">
#topology = #mpmd.topology<<"m1": <["x"=1]>>, <"m2": <["x"=1]>>>

// Values in pinned_host memory are not merged; other memory kinds are, and
// the concatenation's type has none. The rebuilt producer keeps its
// discardable attributes.
// CHECK-LABEL: func.func @memory_kinds
// CHECK:      %[[P:.*]]:5 = mpmd.fragment<mesh="m1", origin=["p"], stage=3> (%arg0) {call_counter = 2 : ui32}
// CHECK:        %[[C:.*]] = stablehlo.concatenate
// CHECK:        mpmd.return %arg1, %arg1, %arg1, %arg1, %[[C]]
// CHECK:      } : (!mpmd.mesh_tensor<"m1", tensor<f32>>) -> (!mpmd.mesh_tensor<"m1", tensor<f32>, memory_kind="pinned_host">, !mpmd.mesh_tensor<"m1", tensor<f32>, memory_kind="pinned_host">, !mpmd.mesh_tensor<"m1", tensor<f32>, memory_kind="device">, !mpmd.mesh_tensor<"m1", tensor<f32>, memory_kind="device">, !mpmd.mesh_tensor<"m1", tensor<2xf32>>)
// CHECK-NEXT: mpmd.transfer {concat_transfer} %[[P]]#4 : (!mpmd.mesh_tensor<"m1", tensor<2xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<2xf32>>
func.func @memory_kinds(%arg0: !m1) -> !m2 attributes {topology = #topology} {
  %p:4 = mpmd.fragment<mesh="m1", origin=["p"], stage=3> (%arg0) {call_counter = 2 : ui32} (%x: tensor<f32>) {
    mpmd.return %x, %x, %x, %x : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>
  } : (!m1) -> (!h1, !h1, !d1, !d1)
  %t0 = mpmd.transfer %p#0 : (!h1) -> !h2
  %t1 = mpmd.transfer %p#1 : (!h1) -> !h2
  %t2 = mpmd.transfer %p#2 : (!d1) -> !d2
  %t3 = mpmd.transfer %p#3 : (!d1) -> !d2
  %c = mpmd.fragment<mesh="m2", origin=["c"]> (%t0, %t1, %t2, %t3) (%a: tensor<f32>, %b: tensor<f32>, %d: tensor<f32>, %e: tensor<f32>) {
    %s = stablehlo.add %a, %b : tensor<f32>
    %s2 = stablehlo.add %d, %e : tensor<f32>
    %s3 = stablehlo.add %s, %s2 : tensor<f32>
    mpmd.return %s3 : tensor<f32>
  } : (!h2, !h2, !d2, !d2) -> !m2
  return %c : !m2
}

// Values from different producers are not merged; one value transferred
// twice to one consumer is concatenated twice.
// CHECK-LABEL: func.func @producers
// CHECK:      %[[P:.*]]:2 = mpmd.fragment<mesh="m1", origin=["p"]> (%arg0)
// CHECK:        %[[R1:.*]] = stablehlo.reshape %arg1
// CHECK-NEXT:   %[[R2:.*]] = stablehlo.reshape %arg1
// CHECK-NEXT:   %[[C:.*]] = stablehlo.concatenate %[[R1]], %[[R2]], dim = 0
// CHECK-NEXT:   mpmd.return %arg1, %[[C]]
// CHECK:      %[[CT:.*]] = mpmd.transfer {concat_transfer} %[[P]]#1
// CHECK:      mpmd.fragment<mesh="m1", origin=["q"]>
// CHECK:      mpmd.fragment<mesh="m2", origin=["c"]> ({{.*}}, {{.*}}, {{.*}}, %[[CT]])
func.func @producers(%arg0: !m1) -> !m2 attributes {topology = #topology} {
  %p = mpmd.fragment<mesh="m1", origin=["p"]> (%arg0) (%x: tensor<f32>) {
    mpmd.return %x : tensor<f32>
  } : (!m1) -> !m1
  %t0 = mpmd.transfer %p : (!m1) -> !m2
  %t1 = mpmd.transfer %p : (!m1) -> !m2
  %q = mpmd.fragment<mesh="m1", origin=["q"]> (%arg0) (%x: tensor<f32>) {
    mpmd.return %x : tensor<f32>
  } : (!m1) -> !m1
  %t2 = mpmd.transfer %q : (!m1) -> !m2
  %c = mpmd.fragment<mesh="m2", origin=["c"]> (%t0, %t1, %t2) (%a: tensor<f32>, %b: tensor<f32>, %d: tensor<f32>) {
    %s = stablehlo.add %a, %b : tensor<f32>
    %s2 = stablehlo.add %s, %d : tensor<f32>
    mpmd.return %s2 : tensor<f32>
  } : (!m2, !m2, !m2) -> !m2
  return %c : !m2
}

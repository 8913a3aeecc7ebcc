// RUN: mpmd_opt %s -split-input-file -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["b"],mesh_name="m1")->FragmentInfo(origins=["a"],mesh_name="m1")]),FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["missing"],mesh_name="m1")->FragmentInfo(origins=["d"],mesh_name="m1")->FragmentInfo(origins=["c"],mesh_name="m1")->FragmentInfo(origins=["gone"],mesh_name="m1")->FragmentInfo(origins=["e"],stage=3,call_counter=2,split_type=kDropTransferred,mesh_name="m1")])' 2>&1 | FileCheck %s

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

// b -> a is against the dataflow (a feeds b): skipped, nothing moves.
// CHECK-LABEL: func.func @conflicting_dependency
// CHECK:      %[[A:.*]] = mpmd.fragment<mesh="m1", origin=["a"]>
// CHECK-NEXT:   mpmd.return
// CHECK-NEXT: }
// CHECK-NEXT: mpmd.fragment<mesh="m1", origin=["b"]> (%[[A]])
func.func @conflicting_dependency(%arg0: !t) -> !t attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>>} {
  %a = mpmd.fragment<mesh="m1", origin=["a"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %b = mpmd.fragment<mesh="m1", origin=["b"]> (%a) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  return %b : !t
}

// -----

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

// b is moved before a; the missing first fragment of the second rule is
// skipped and d -> c applies, the missing `gone` leaves c the predecessor of
// e, whose info has every field.
// CHECK-LABEL: func.func @reordered
// (MLIR's rounds: b and d are ready first, then a and c, then e.)
// CHECK:      mpmd.fragment<mesh="m1", origin=["b"]>
// CHECK:      mpmd.fragment<mesh="m1", origin=["d"]>
// CHECK:      mpmd.fragment<mesh="m1", origin=["a"]>
// CHECK:      mpmd.fragment<mesh="m1", origin=["c"]>
// CHECK:      mpmd.fragment<mesh="m1", origin=["e"], stage=3>
func.func @reordered(%arg0: !t) -> (!t, !t, !t, !t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>>} {
  %e = mpmd.fragment<mesh="m1", origin=["e"], stage=3> (%arg0) {call_counter = 2 : ui32, split_drop_transferred} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %a = mpmd.fragment<mesh="m1", origin=["a"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %b = mpmd.fragment<mesh="m1", origin=["b"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %c = mpmd.fragment<mesh="m1", origin=["c"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %d = mpmd.fragment<mesh="m1", origin=["d"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  return %a, %b, %c, %d, %e : !t, !t, !t, !t, !t
}

// -----

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

// Fragments on different meshes are not ordered.
// CHECK-LABEL: func.func @different_meshes
// CHECK:      mpmd.fragment<mesh="m1", origin=["a"]>
// CHECK:      mpmd.fragment<mesh="m2", origin=["b"]>
func.func @different_meshes(%arg0: !t, %arg1: !t2) -> (!t, !t2) attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>, <"m2": <["x"=1]>>>} {
  %a = mpmd.fragment<mesh="m1", origin=["a"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %b = mpmd.fragment<mesh="m2", origin=["b"]> (%arg1) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t2) -> !t2
  return %a, %b : !t, !t2
}

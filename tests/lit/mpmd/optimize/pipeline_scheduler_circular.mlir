// RUN: mpmd_opt %s -split-input-file -mpmd-pipeline-scheduler=must-happen-before=Circular | FileCheck %s
// RUN: mpmd_opt %s -split-input-file -mpmd-pipeline-scheduler=must-happen-before=circularwithreversedbackward | FileCheck %s

!t = !mpmd.mesh_tensor<"m0", tensor<4xf32>>

// Circular schedules need stages: without one on either unit nothing is
// ordered, not even forward before backward.
// CHECK-LABEL: func.func @no_stages
// CHECK:       origin=["f"(1)]
// CHECK:       origin=["f"], stage=0
// CHECK:       origin=["f"]>
func.func @no_stages(%arg0: !t) -> (!t, !t, !t) attributes {topology = #mpmd.topology<<"m0": <["x"=1]>>>} {
  %b = mpmd.fragment<mesh="m0", origin=["f"(1)]> (%arg0) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %s = mpmd.fragment<mesh="m0", origin=["f"], stage=0> (%arg0) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %f = mpmd.fragment<mesh="m0", origin=["f"]> (%arg0) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  return %b, %s, %f : !t, !t, !t
}

// -----

!t = !mpmd.mesh_tensor<"m0", tensor<4xf32>>

// With stages, forward units run before backward ones.
// CHECK-LABEL: func.func @stages
// CHECK:       origin=["f"], stage=0
// CHECK:       origin=["f"(1)], stage=0
func.func @stages(%arg0: !t) -> (!t, !t) attributes {topology = #mpmd.topology<<"m0": <["x"=1]>>>} {
  %b = mpmd.fragment<mesh="m0", origin=["f"(1)], stage=0> (%arg0) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %f = mpmd.fragment<mesh="m0", origin=["f"], stage=0> (%arg0) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  return %b, %f : !t, !t
}

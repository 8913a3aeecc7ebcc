// RUN: mpmd_opt %s -split-input-file -mpmd-remat-fragment='merge-remat-fragments=true' 2>&1 | FileCheck %s
// RUN: mpmd_opt %s -split-input-file -mpmd-remat-fragment 2>&1 | FileCheck %s --check-prefix=CLONE

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

// Merged into the backward fragment: the merged fragment keeps the backward
// call counter and is marked remat; the backward's other attributes go.
// CHECK-LABEL: func.func @merged
// CHECK:      %[[F:.*]] = mpmd.fragment<mesh="m1", origin=["f"], stage=0> (%arg0) {call_counter = 1 : ui32, other}
// CHECK:      mpmd.fragment<mesh="m1", origin=["g"], stage=0>
// CHECK:      mpmd.fragment<mesh="m1", origin=["f", "f"(1)], stage=0> (%arg0, %arg0) {call_counter = 1 : ui32, remat} (%arg1: tensor<4xf32>, %arg2: tensor<4xf32>) {
// CHECK-NEXT:   %[[A:.*]] = stablehlo.abs %arg1
// CHECK-NEXT:   %[[B:.*]] = stablehlo.add %[[A]], %arg2
// CHECK-NEXT:   mpmd.return %[[B]]
// CLONE-LABEL: func.func @merged
// CLONE:      %[[F:.*]] = mpmd.fragment<mesh="m1", origin=["f"], stage=0> (%arg0) {call_counter = 1 : ui32, other}
// CLONE:      %[[R:.*]] = mpmd.fragment<mesh="m1", origin=["f"], stage=0> (%arg0) {call_counter = 1 : ui32, other, remat}
// CLONE:      mpmd.fragment<mesh="m1", origin=["f"(1)], stage=0> (%[[R]], %arg0) {call_counter = 1 : ui32, unrelated}
// CLONE:      return %[[F]]
func.func @merged(%arg0: !t) -> (!t, !t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>>} {
  %f = mpmd.fragment<mesh="m1", origin=["f"], stage=0> (%arg0) {call_counter = 1 : ui32, other} (%x: tensor<4xf32>) {
    %a = stablehlo.abs %x : tensor<4xf32>
    mpmd.return %a : tensor<4xf32>
  } : (!t) -> !t
  %g = mpmd.fragment<mesh="m1", origin=["g"], stage=0> (%arg0) {call_counter = 2 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %b = mpmd.fragment<mesh="m1", origin=["f"(1)], stage=0> (%f, %arg0) {call_counter = 1 : ui32, unrelated} (%x: tensor<4xf32>, %y: tensor<4xf32>) {
    %s = stablehlo.add %x, %y : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!t, !t) -> !t
  return %f, %g, %b : !t, !t, !t
}

// -----

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

// Different stages, or no call counter on either side: no remat.
// CHECK-LABEL: func.func @no_remat
// CHECK-NOT:  remat
// CLONE-LABEL: func.func @no_remat
// CLONE-NOT:  remat
func.func @no_remat(%arg0: !t) -> (!t, !t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>>} {
  %f = mpmd.fragment<mesh="m1", origin=["f"], stage=0> (%arg0) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %n = mpmd.fragment<mesh="m1", origin=["n"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %g = mpmd.fragment<mesh="m1", origin=["g"], stage=0> (%arg0) {call_counter = 2 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %b = mpmd.fragment<mesh="m1", origin=["f"(1)], stage=1> (%f) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %c = mpmd.fragment<mesh="m1", origin=["n"(1)]> (%n) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  return %b, %c, %g : !t, !t, !t
}

// -----

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

// A backward fragment using two forward fragments is rematerialized for the
// first; merged, it is no longer a backward fragment for the second.
// CHECK-LABEL: func.func @two_forwards
// CHECK:      mpmd.fragment<mesh="m1", origin=["f"]>
// CHECK:      %[[G:.*]] = mpmd.fragment<mesh="m1", origin=["g"]>
// CHECK:      mpmd.fragment<mesh="m1", origin=["h"]>
// CHECK:      mpmd.fragment<mesh="m1", origin=["f", "b"(1)]> (%arg0, %[[G]]) {call_counter = 0 : ui32, remat}
// CLONE-LABEL: func.func @two_forwards
// CLONE:      %[[F:.*]] = mpmd.fragment<mesh="m1", origin=["f"]>
// CLONE:      mpmd.fragment<mesh="m1", origin=["g"]>
// CLONE:      mpmd.fragment<mesh="m1", origin=["h"]>
// CLONE:      %[[RF:.*]] = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {call_counter = 0 : ui32, remat}
// CLONE:      %[[RG:.*]] = mpmd.fragment<mesh="m1", origin=["g"]> (%arg0) {call_counter = 0 : ui32, remat}
// CLONE:      mpmd.fragment<mesh="m1", origin=["b"(1)]> (%[[RF]], %[[RG]])
func.func @two_forwards(%arg0: !t) -> (!t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>>} {
  %f = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %g = mpmd.fragment<mesh="m1", origin=["g"]> (%arg0) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %h = mpmd.fragment<mesh="m1", origin=["h"]> (%arg0) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %b = mpmd.fragment<mesh="m1", origin=["b"(1)]> (%f, %g) {call_counter = 0 : ui32} (%x: tensor<4xf32>, %y: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t, !t) -> !t
  return %b, %h : !t, !t
}

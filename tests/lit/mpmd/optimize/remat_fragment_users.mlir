// RUN: mpmd_opt %s -mpmd-remat-fragment 2>&1 | FileCheck %s
// RUN: mpmd_opt %s -mpmd-remat-fragment='merge-remat-fragments=true' 2>&1 | FileCheck %s --check-prefix=MERGE

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

// A forward fragment with two matching backward users: each gets its own
// clone, right before it; a non-matching user (`g`) keeps the original.
// CHECK-LABEL: func.func @two_backward_users
// CHECK:      %[[F:.*]] = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {call_counter = 0 : ui32} (
// CHECK:      %[[G:.*]] = mpmd.fragment<mesh="m1", origin=["g"]>
// CHECK:      %[[R1:.*]] = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {call_counter = 0 : ui32, remat} (
// CHECK-NEXT:   stablehlo.abs
// CHECK:      %[[B2:.*]] = mpmd.fragment<mesh="m1", origin=["c"(1)]> (%[[R1]], %[[G]])
// CHECK:      %[[R2:.*]] = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {call_counter = 0 : ui32, remat} (
// CHECK:      %[[B1:.*]] = mpmd.fragment<mesh="m1", origin=["f"(1)]> (%[[R2]])
// CHECK:      return %[[B1]], %[[B2]], %[[G]]

// MERGE-LABEL: func.func @two_backward_users
// MERGE:      %[[G:.*]] = mpmd.fragment<mesh="m1", origin=["g"]>
// MERGE:      %[[B2:.*]] = mpmd.fragment<mesh="m1", origin=["f", "c"(1)]> (%arg0, %[[G]]) {call_counter = 0 : ui32, remat}
// MERGE-NEXT:   stablehlo.abs
// MERGE-NEXT:   stablehlo.add
// MERGE:      %[[B1:.*]] = mpmd.fragment<mesh="m1", origin=["f", "f"(1)]> (%arg0) {call_counter = 0 : ui32, remat}
// MERGE-NEXT:   stablehlo.abs
// MERGE-NEXT:   stablehlo.negate
// MERGE:      return %[[B1]], %[[B2]], %[[G]]
func.func @two_backward_users(%arg0: !t) -> (!t, !t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>>} {
  %f = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    %a = stablehlo.abs %x : tensor<4xf32>
    mpmd.return %a : tensor<4xf32>
  } : (!t) -> !t
  %g = mpmd.fragment<mesh="m1", origin=["g"]> (%arg0) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %b2 = mpmd.fragment<mesh="m1", origin=["c"(1)]> (%f, %g) {call_counter = 0 : ui32} (%x: tensor<4xf32>, %y: tensor<4xf32>) {
    %a = stablehlo.add %x, %y : tensor<4xf32>
    mpmd.return %a : tensor<4xf32>
  } : (!t, !t) -> !t
  %b1 = mpmd.fragment<mesh="m1", origin=["f"(1)]> (%f) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    %a = stablehlo.negate %x : tensor<4xf32>
    mpmd.return %a : tensor<4xf32>
  } : (!t) -> !t
  return %b1, %b2, %g : !t, !t, !t
}

// No remat: `f(1)` is the next fragment on the mesh after `f` (a transfer in
// between does not count); `g`(2) has transpose count 2; `g`(1)/`h`(2) has
// no single transpose count.
// CHECK-LABEL: func.func @not_rematerialized
// CHECK-NOT:  remat
// CHECK-LABEL: func.func @not_distributed
// MERGE-LABEL: func.func @not_rematerialized
// MERGE-NOT:  remat
// MERGE-LABEL: func.func @not_distributed
func.func @not_rematerialized(%arg0: !t) -> (!t, !t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>, <"m2": <["x"=1]>>>} {
  %f = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %t = mpmd.transfer %arg0 : (!t) -> !mpmd.mesh_tensor<"m2", tensor<4xf32>>
  %b = mpmd.fragment<mesh="m1", origin=["f"(1)]> (%f) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %g = mpmd.fragment<mesh="m1", origin=["g"]> (%arg0) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %h = mpmd.fragment<mesh="m1", origin=["h"]> (%arg0) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %c = mpmd.fragment<mesh="m1", origin=["g"(2)]> (%g) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %d = mpmd.fragment<mesh="m1", origin=["g"(1), "h"(2)]> (%g) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  return %b, %c, %d : !t, !t, !t
}

func.func @not_distributed(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}

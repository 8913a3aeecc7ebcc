// RUN: mpmd_opt %s | FileCheck %s
// RUN: mpmd_opt %s | mpmd_opt | FileCheck %s
// RUN: mpmd_opt -mlir-print-op-generic %s | mpmd_opt | FileCheck %s
// Every mpmd op in its custom form, printed back as Shardy prints it.

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<4x8xf32>, memory_kind="device">

// CHECK-LABEL: func.func @main
func.func @main(%arg0: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
    attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>, <"m2" : <["y"=2]>>>} {
  // CHECK-NEXT: %[[A:.*]] = mpmd.assign {origin = "user"} %arg0 : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  %0 = mpmd.assign {origin = "user"} %arg0 : (tensor<4x8xf32>) -> !m1
  // CHECK-NEXT: %[[F:.*]]:2 = mpmd.fragment<mesh="m1", origin=["f"(2), "g"], stage=3> (%[[A]]) {x.y} (%arg1: tensor<4x8xf32>) {
  // CHECK-NEXT:   mpmd.return %arg1, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>
  // CHECK-NEXT: } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>)
  %1:2 = mpmd.fragment<mesh="m1", origin=["f"(2), "g"], stage=3> (%0) {x.y} (%a: tensor<4x8xf32>) {
    mpmd.return %a, %a : tensor<4x8xf32>, tensor<4x8xf32>
  } : (!m1) -> (!m1, !m1)
  // CHECK-NEXT: %[[T:.*]] = mpmd.transfer %[[F]]#0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>, memory_kind="device">
  %2 = mpmd.transfer %1#0 : (!m1) -> !m2
  // CHECK-NEXT: %[[U:.*]] = mpmd.unassign %[[F]]#1 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> tensor<4x8xf32>
  %3 = mpmd.unassign %1#1 : (!m1) -> tensor<4x8xf32>
  // CHECK-NEXT: %[[N:.*]] = mpmd.named_tensor %[[U]] name="n" {k = 1 : i64} : tensor<4x8xf32>
  %4 = mpmd.named_tensor %3 name="n" {k = 1 : i64} : tensor<4x8xf32>
  // CHECK-NEXT: %[[B:.*]] = mpmd.broadcast {b} %[[N]] : tensor<4x8xf32>
  %5 = mpmd.broadcast {b} %4 : tensor<4x8xf32>
  // CHECK-NEXT: %[[R:.*]] = mpmd.reduce<max> {mpmd.src_set = #mpmd.meshes_with_origins<"m1", "m2"["o"]>} %[[B]], %[[N]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %6 = mpmd.reduce<max> {mpmd.src_set = #mpmd.meshes_with_origins<"m1", "m2"["o"]>} %5, %4 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  // CHECK-NEXT: %[[NC:.*]]:2 = mpmd.named_computation<"nc"(1)> (%[[R]], %[[N]]) (%arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>) {
  // CHECK-NEXT:   mpmd.return %arg2, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>
  // CHECK-NEXT: } : (tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  %7:2 = mpmd.named_computation<"nc"(1)> (%6, %4) (%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
    mpmd.return %b, %a : tensor<4x8xf32>, tensor<4x8xf32>
  } : (tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  // CHECK-NEXT: %[[FOR:.*]]:2 = mpmd.for (%[[NC]]#0, %[[NC]]#1) {iterations = 4 : ui32, unroll_factor = 2 : ui32} (%arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>, %index: tensor<ui32>) {
  // CHECK-NEXT:   mpmd.return %arg2, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>
  // CHECK-NEXT: } : tensor<4x8xf32>, tensor<4x8xf32>
  %8:2 = mpmd.for (%7#0, %7#1) {iterations = 4 : ui32, unroll_factor = 2 : ui32} (%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %index: tensor<ui32>) {
    mpmd.return %b, %a : tensor<4x8xf32>, tensor<4x8xf32>
  } : tensor<4x8xf32>, tensor<4x8xf32>
  // CHECK-NEXT: %[[C:.*]] = mpmd.call @callee(%[[FOR]]#0) {call_counter = 0 : ui32} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %9 = mpmd.call @callee(%8#0) {call_counter = 0 : ui32} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // CHECK-NEXT: %[[FC:.*]] = mpmd.fragment_call<mesh="m1", origin=["h"]> @frag(%[[A]]) : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  %10 = mpmd.fragment_call<mesh="m1", origin=["h"]> @frag(%0) : (!m1) -> !m1
  return %9, %8#1 : tensor<4x8xf32>, tensor<4x8xf32>
}

func.func private @callee(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  return %arg0 : tensor<4x8xf32>
}

func.func private @frag(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {mesh_shape = #sdy.mesh<["x"=2]>} {
  return %arg0 : tensor<4x8xf32>
}

// The loop index is `%index`; nested loops get MLIR's `_N` suffixes, and
// named arguments do not use up `%argN` numbers.
// CHECK-LABEL: func.func @nested_loops
// CHECK-NEXT: mpmd.for (%arg0) {iterations = 4 : ui32} (%arg1: tensor<4xf32>, %index: tensor<ui32>) {
// CHECK-NEXT:   mpmd.for (%arg1) {iterations = 2 : ui32} (%arg2: tensor<4xf32>, %index_0: tensor<ui32>) {
// CHECK:      mpmd.for (%{{.*}}) {iterations = 4 : ui32} (%arg1: tensor<4xf32>, %index: tensor<ui32>) {
func.func @nested_loops(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mpmd.for (%arg0) {iterations = 4 : ui32} (%a: tensor<4xf32>, %i: tensor<ui32>) {
    %1 = mpmd.for (%a) {iterations = 2 : ui32} (%b: tensor<4xf32>, %j: tensor<ui32>) {
      mpmd.return %b : tensor<4xf32>
    } : tensor<4xf32>
    mpmd.return %1 : tensor<4xf32>
  } : tensor<4xf32>
  %2 = mpmd.for (%0) {iterations = 4 : ui32} (%a: tensor<4xf32>, %i: tensor<ui32>) {
    mpmd.return %a : tensor<4xf32>
  } : tensor<4xf32>
  return %2 : tensor<4xf32>
}

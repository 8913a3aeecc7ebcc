// RUN: mpmd_opt %s -verify-each=false -mlir-print-assume-verified -mpmd-pipeline-scheduler=remove-control-dependencies=false | FileCheck %s
// RUN: mpmd_opt %s -verify-each=false -mpmd-pipeline-scheduler=remove-control-dependencies=false -mpmd-rule-based-merge | FileCheck %s --check-prefix=REMOVED

// (The kept dependencies leave fragments MLIR's verifier refuses: as
// mlir-opt, the output would print in generic form but for
// -mlir-print-assume-verified.)
// Control dependencies kept (as before a rule-based merge): each is the
// first result of the unit that must run first, appended to the operands
// of the later one, whose first control operand's index is recorded; a
// pair already ordered by a path (through dataflow or dependencies added
// before) gets none. A later rule-based merge (even without rules) drops
// them and the attribute.
// CHECK-LABEL: func.func @main
// CHECK:      %[[F00:.*]] = mpmd.fragment<mesh="m0", origin=["stage0"]> (%arg0, %arg2) {call_counter = 0 : ui32} (
// CHECK:      %[[F10:.*]] = mpmd.fragment<mesh="m1", origin=["stage1"]> (%{{.*}}, %arg3) {call_counter = 0 : ui32} (
// CHECK:      %[[B10:.*]] = mpmd.fragment<mesh="m1", origin=["stage1"(1)]> (%[[F10]], %{{.*}}, %arg3) {call_counter = 0 : ui32} (
// CHECK:      %[[F01:.*]] = mpmd.fragment<mesh="m0", origin=["stage0"]> (%arg1, %arg2, %[[F00]]) {call_counter = 1 : ui32, mpmd.control_operand_start_idx = 2 : i64} (
// CHECK:      mpmd.fragment<mesh="m1", origin=["stage1"]> (%{{.*}}, %arg3, %[[F10]], %[[B10]]) {call_counter = 1 : ui32, mpmd.control_operand_start_idx = 2 : i64} (
// CHECK:      %[[B00:.*]] = mpmd.fragment<mesh="m0", origin=["stage0"(1)]> (%{{.*}}, %arg0, %arg2, %[[F01]]) {call_counter = 0 : ui32, mpmd.control_operand_start_idx = 3 : i64} (
// CHECK:      mpmd.fragment<mesh="m0", origin=["stage0"(1)]> (%{{.*}}, %arg1, %arg2, %[[B00]]) {call_counter = 1 : ui32} (
// REMOVED-LABEL: func.func @main
// REMOVED-NOT: control_operand_start_idx
// REMOVED:     mpmd.fragment<mesh="m0", origin=["stage0"]> (%arg1, %arg2) {call_counter = 1 : ui32} (
// REMOVED-NOT: control_operand_start_idx
module {
  func.func @main(%in0: !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>, %in1: !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>, %w0: !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>, %w1: !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>) -> (!mpmd.mesh_tensor<"m0", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>) attributes {topology = #mpmd.topology<<"m0" : <["x"=1]>>, <"m1" : <["x"=1]>>>} {
    %f0_0 = mpmd.fragment<mesh="m0", origin=["stage0"]> (%in0, %w0) {call_counter = 0 : ui32} (%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>) {
      %s1 = stablehlo.add %a0, %a1 : tensor<8x16xf32>
      %m = stablehlo.multiply %s1, %s1 : tensor<8x16xf32>
      %t = stablehlo.tanh %m : tensor<8x16xf32>
      mpmd.return %t : tensor<8x16xf32>
    } : (!mpmd.mesh_tensor<"m0", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>
    %x1_0 = mpmd.transfer %f0_0 : (!mpmd.mesh_tensor<"m0", tensor<8x16xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>
    %f1_0 = mpmd.fragment<mesh="m1", origin=["stage1"]> (%x1_0, %w1) {call_counter = 0 : ui32} (%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>) {
      %s1 = stablehlo.add %a0, %a1 : tensor<8x16xf32>
      %m = stablehlo.multiply %s1, %s1 : tensor<8x16xf32>
      %t = stablehlo.tanh %m : tensor<8x16xf32>
      mpmd.return %t : tensor<8x16xf32>
    } : (!mpmd.mesh_tensor<"m1", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>
    %b1_0 = mpmd.fragment<mesh="m1", origin=["stage1"(1)]> (%f1_0, %x1_0, %w1) {call_counter = 0 : ui32} (%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>, %a2: tensor<8x16xf32>) {
      %s1 = stablehlo.add %a0, %a1 : tensor<8x16xf32>
      %s2 = stablehlo.add %s1, %a2 : tensor<8x16xf32>
      %m = stablehlo.multiply %s2, %s2 : tensor<8x16xf32>
      %t = stablehlo.tanh %m : tensor<8x16xf32>
      mpmd.return %t : tensor<8x16xf32>
    } : (!mpmd.mesh_tensor<"m1", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>
    %y0_0 = mpmd.transfer %b1_0 : (!mpmd.mesh_tensor<"m1", tensor<8x16xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>
    %b0_0 = mpmd.fragment<mesh="m0", origin=["stage0"(1)]> (%y0_0, %in0, %w0) {call_counter = 0 : ui32} (%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>, %a2: tensor<8x16xf32>) {
      %s1 = stablehlo.add %a0, %a1 : tensor<8x16xf32>
      %s2 = stablehlo.add %s1, %a2 : tensor<8x16xf32>
      %m = stablehlo.multiply %s2, %s2 : tensor<8x16xf32>
      %t = stablehlo.tanh %m : tensor<8x16xf32>
      mpmd.return %t : tensor<8x16xf32>
    } : (!mpmd.mesh_tensor<"m0", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>
    %f0_1 = mpmd.fragment<mesh="m0", origin=["stage0"]> (%in1, %w0) {call_counter = 1 : ui32} (%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>) {
      %s1 = stablehlo.add %a0, %a1 : tensor<8x16xf32>
      %m = stablehlo.multiply %s1, %s1 : tensor<8x16xf32>
      %t = stablehlo.tanh %m : tensor<8x16xf32>
      mpmd.return %t : tensor<8x16xf32>
    } : (!mpmd.mesh_tensor<"m0", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>
    %x1_1 = mpmd.transfer %f0_1 : (!mpmd.mesh_tensor<"m0", tensor<8x16xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>
    %f1_1 = mpmd.fragment<mesh="m1", origin=["stage1"]> (%x1_1, %w1) {call_counter = 1 : ui32} (%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>) {
      %s1 = stablehlo.add %a0, %a1 : tensor<8x16xf32>
      %m = stablehlo.multiply %s1, %s1 : tensor<8x16xf32>
      %t = stablehlo.tanh %m : tensor<8x16xf32>
      mpmd.return %t : tensor<8x16xf32>
    } : (!mpmd.mesh_tensor<"m1", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>
    %b1_1 = mpmd.fragment<mesh="m1", origin=["stage1"(1)]> (%f1_1, %x1_1, %w1, %b1_0) {call_counter = 1 : ui32} (%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>, %a2: tensor<8x16xf32>, %a3: tensor<8x16xf32>) {
      %s1 = stablehlo.add %a0, %a1 : tensor<8x16xf32>
      %s2 = stablehlo.add %s1, %a2 : tensor<8x16xf32>
      %s3 = stablehlo.add %s2, %a3 : tensor<8x16xf32>
      %m = stablehlo.multiply %s3, %s3 : tensor<8x16xf32>
      %t = stablehlo.tanh %m : tensor<8x16xf32>
      mpmd.return %t : tensor<8x16xf32>
    } : (!mpmd.mesh_tensor<"m1", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>
    %y0_1 = mpmd.transfer %b1_1 : (!mpmd.mesh_tensor<"m1", tensor<8x16xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>
    %b0_1 = mpmd.fragment<mesh="m0", origin=["stage0"(1)]> (%y0_1, %in1, %w0, %b0_0) {call_counter = 1 : ui32} (%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>, %a2: tensor<8x16xf32>, %a3: tensor<8x16xf32>) {
      %s1 = stablehlo.add %a0, %a1 : tensor<8x16xf32>
      %s2 = stablehlo.add %s1, %a2 : tensor<8x16xf32>
      %s3 = stablehlo.add %s2, %a3 : tensor<8x16xf32>
      %m = stablehlo.multiply %s3, %s3 : tensor<8x16xf32>
      %t = stablehlo.tanh %m : tensor<8x16xf32>
      mpmd.return %t : tensor<8x16xf32>
    } : (!mpmd.mesh_tensor<"m0", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>
    return %b0_1, %b1_1 : !mpmd.mesh_tensor<"m0", tensor<8x16xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x16xf32>>
  }
}

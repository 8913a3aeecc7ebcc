// RUN: not mpmd_opt %s -mpmd-validate-no-inferred-fragments -mlir-print-ir-after-failure 2>&1 >/dev/null | FileCheck %s --check-prefix=THREADS
// RUN: not mpmd_opt %s -mpmd-validate-no-inferred-fragments -mlir-print-ir-after-failure --mlir-disable-threading 2>&1 >/dev/null | FileCheck %s --check-prefix=SEQ

// A function pass failing on two functions, with -mlir-print-ir-after-failure
// (as mlir-opt-22 does with tosa-to-linalg failing on two functions): on
// MLIR's thread pool each function's failure dump is written at once and
// the errors, ordered by function, come when both ran; with threading off
// each error is reported before its function's dump. Both functions run
// either way, and the tool exits 1.

// THREADS: W{{.*}}/validate_no_inferred_fragments.cc:85] Inferred fragment has not been merged (inferred by p1)
// THREADS-NEXT: // -----// IR Dump After ValidateNoInferredFragmentsPass Failed (mpmd-validate-no-inferred-fragments) //----- //
// THREADS-NEXT: func.func @first(
// THREADS: W{{.*}}/validate_no_inferred_fragments.cc:85] Inferred fragment has not been merged (inferred by p2)
// THREADS-NEXT: // -----// IR Dump After ValidateNoInferredFragmentsPass Failed (mpmd-validate-no-inferred-fragments) //----- //
// THREADS-NEXT: func.func @second(
// THREADS: :{{[0-9]+}}:8: error: Inferred fragment has not been merged (inferred by p1)
// THREADS: note: see current operation:
// THREADS: :{{[0-9]+}}:8: error: Inferred fragment has not been merged (inferred by p2)
// THREADS: note: see current operation:
// THREADS-NOT: IR Dump

// SEQ: W{{.*}}/validate_no_inferred_fragments.cc:85] Inferred fragment has not been merged (inferred by p1)
// SEQ-NEXT: :{{[0-9]+}}:8: error: Inferred fragment has not been merged (inferred by p1)
// SEQ: note: see current operation:
// SEQ: // -----// IR Dump After ValidateNoInferredFragmentsPass Failed (mpmd-validate-no-inferred-fragments) //----- //
// SEQ-NEXT: func.func @first(
// SEQ: W{{.*}}/validate_no_inferred_fragments.cc:85] Inferred fragment has not been merged (inferred by p2)
// SEQ-NEXT: :{{[0-9]+}}:8: error: Inferred fragment has not been merged (inferred by p2)
// SEQ: note: see current operation:
// SEQ: // -----// IR Dump After ValidateNoInferredFragmentsPass Failed (mpmd-validate-no-inferred-fragments) //----- //
// SEQ-NEXT: func.func @second(
// SEQ-NOT: error

!m1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

func.func @first(%arg0: !m1) -> !m1 attributes {
    topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) {mpmd.inferred_by = ["p1"]} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m1) -> !m1
  func.return %0 : !m1
}

func.func @second(%arg0: !m1) -> !m1 attributes {
    topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) {mpmd.inferred_by = ["p2"]} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m1) -> !m1
  func.return %0 : !m1
}

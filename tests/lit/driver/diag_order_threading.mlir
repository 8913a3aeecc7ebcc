// RUN: mpmd_opt %s -mpmd-validate-no-inferred-fragments=fail-on-inferred-fragments=false 2>&1 >/dev/null | FileCheck %s --check-prefix=THREADS
// RUN: mpmd_opt %s -mpmd-validate-no-inferred-fragments=fail-on-inferred-fragments=false --mlir-disable-threading 2>&1 >/dev/null | FileCheck %s --check-prefix=SEQ
// RUN: mpmd_opt %s -mpmd-validate-no-inferred-fragments=fail-on-inferred-fragments=false -mlir-disable-threading=false 2>&1 >/dev/null | FileCheck %s --check-prefix=THREADS
// RUN: mpmd_opt %s -mpmd-validate-no-inferred-fragments=fail-on-inferred-fragments=false -verify-diagnostics 2>/dev/null

// MLIR runs a function pass over two or more functions on its thread pool
// (mlir-opt's default): a ParallelDiagnosticHandler holds each function's
// diagnostics and emits them, ordered by function, when all ran, while log
// lines are written at once. With --mlir-disable-threading each diagnostic
// is reported where it is emitted, after the log line written before it
// and before the one written after it. Notes stay with their diagnostic.

// THREADS: W{{.*}}/validate_no_inferred_fragments.cc:80] Inferred fragment has not been merged (inferred by uniquify)
// THREADS-NEXT: W{{.*}}/validate_no_inferred_fragments.cc:80] Inferred fragment has not been merged (inferred by introduce_transfers)
// THREADS-NEXT: W{{.*}}/validate_no_inferred_fragments.cc:85] Inferred fragment has not been merged (inferred by some_pass)
// THREADS-NEXT: :{{[0-9]+}}:8: warning: Inferred fragment has not been merged (inferred by uniquify)
// THREADS: note: see current operation:
// THREADS: :{{[0-9]+}}:8: warning: Inferred fragment has not been merged (inferred by introduce_transfers)
// THREADS: note: see current operation:
// THREADS: :{{[0-9]+}}:8: warning: Inferred fragment has not been merged (inferred by some_pass)
// THREADS: note: see current operation:
// THREADS-NOT: Inferred

// SEQ: W{{.*}}/validate_no_inferred_fragments.cc:80] Inferred fragment has not been merged (inferred by uniquify)
// SEQ-NEXT: :{{[0-9]+}}:8: warning: Inferred fragment has not been merged (inferred by uniquify)
// SEQ: note: see current operation:
// SEQ: W{{.*}}/validate_no_inferred_fragments.cc:80] Inferred fragment has not been merged (inferred by introduce_transfers)
// SEQ-NEXT: :{{[0-9]+}}:8: warning: Inferred fragment has not been merged (inferred by introduce_transfers)
// SEQ: note: see current operation:
// SEQ: W{{.*}}/validate_no_inferred_fragments.cc:85] Inferred fragment has not been merged (inferred by some_pass)
// SEQ-NEXT: :{{[0-9]+}}:8: warning: Inferred fragment has not been merged (inferred by some_pass)
// SEQ: note: see current operation:
// SEQ-NOT: Inferred

!m1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

func.func @first(%arg0: !m1) -> !m1 attributes {
    topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  // expected-warning @+1 {{inferred by uniquify}}
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) {mpmd.inferred_by = ["uniquify"]} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m1) -> !m1
  func.return %0 : !m1
}

// Not a distributed function: it gets no diagnostic, but it is one of the
// functions the pass runs on.
func.func @plain(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  func.return %arg0 : tensor<4xf32>
}

func.func @second(%arg0: !m1) -> (!m1, !m1) attributes {
    topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  // expected-warning @+1 {{inferred by introduce_transfers}}
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) {mpmd.inferred_by = ["introduce_transfers"]} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m1) -> !m1
  // expected-warning @+1 {{inferred by some_pass}}
  %1 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) {mpmd.inferred_by = ["some_pass"]} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m1) -> !m1
  func.return %0, %1 : !m1, !m1
}

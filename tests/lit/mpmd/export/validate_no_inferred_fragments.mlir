// Inferred fragments left unmerged: errors by default, warnings when
// failing is turned off, always warnings for the passes Shardy tolerates,
// and an internal error for one that does not say who inferred it. Only
// distributed functions are checked.

// RUN: mpmd_opt %s -split-input-file -verify-diagnostics -mpmd-validate-no-inferred-fragments
// RUN: not mpmd_opt %s -split-input-file -mpmd-validate-no-inferred-fragments=fail-on-inferred-fragments=false 2>&1 | FileCheck %s --check-prefix=WARN

!m1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

// WARN: warning: Inferred fragment has not been merged (inferred by uniquify)
// WARN: warning: Inferred fragment has not been merged (inferred by a, introduce_transfers)
// WARN: warning: Inferred fragment has not been merged (inferred by some_pass)
func.func @tolerated(%arg0: !m1) -> (!m1, !m1, !m1) attributes {
    topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  // expected-warning @+1 {{Inferred fragment has not been merged (inferred by uniquify)}}
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) {mpmd.inferred_by = ["uniquify"]} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m1) -> !m1
  // expected-warning @+1 {{Inferred fragment has not been merged (inferred by a, introduce_transfers)}}
  %1 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) {mpmd.inferred_by = ["a", "introduce_transfers"]} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m1) -> !m1
  // expected-error @+1 {{Inferred fragment has not been merged (inferred by some_pass)}}
  %2 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) {mpmd.inferred_by = ["some_pass"]} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m1) -> !m1
  func.return %0, %1, %2 : !m1, !m1, !m1
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

// WARN: error: Internal error: inferred fragment missing 'mpmd.inferred_by' attribute
func.func @missing_inferred_by(%arg0: !m1) -> (!m1, !m1) attributes {
    topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  // expected-error @+1 {{Internal error: inferred fragment missing 'mpmd.inferred_by' attribute}}
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m1) -> !m1
  // expected-error @+1 {{Internal error: inferred fragment missing 'mpmd.inferred_by' attribute}}
  %1 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) {mpmd.inferred_by = []} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m1) -> !m1
  func.return %0, %1 : !m1, !m1
}

// -----

// Not a distributed function: nothing is checked.
// WARN-LABEL: func.func @not_distributed
func.func @not_distributed(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  func.return %arg0 : tensor<4xf32>
}

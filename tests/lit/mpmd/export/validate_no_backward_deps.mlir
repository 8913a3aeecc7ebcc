// Backward dependencies between fragment calls of a forward-only program:
// warnings by default, errors with fail-on-backward-deps, through chains of
// transfers; programs with transposed fragments are skipped, or refused
// when failing is asked for.

// RUN: mpmd_opt %s -split-input-file -verify-diagnostics -mpmd-validate-no-backward-deps
// RUN: not mpmd_opt %s -split-input-file -mpmd-validate-no-backward-deps=fail-on-backward-deps=true 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: mpmd_opt %s -split-input-file -mpmd-validate-no-backward-deps 2>&1 >/dev/null | FileCheck %s --check-prefix=LOG

!m1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>
!m3 = !mpmd.mesh_tensor<"m3", tensor<4xf32>>

func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {mesh_shape = #sdy.mesh<["x"=2]>} {
  return %arg0 : tensor<4xf32>
}

// LOG: W{{[0-9]+}} {{.*}} shardy/dialect/mpmd/transforms/export/validate_no_backward_deps.cc:107] Detected backward dependency
// FAIL: error: Detected backward dependency but expected forward-only pipeline since there are no transpose fragments: fragment "f" mesh="m3" produces a value consumed by fragment "f" mesh="m1".
func.func @through_two_transfers(%arg0: !m3) -> !m1 attributes {
    topology = #mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>, <"m3": <["x"=2]>>>} {
  %0 = mpmd.fragment_call<mesh="m3", origin=["a"]> @f(%arg0) : (!m3) -> !m3
  %1 = mpmd.transfer %0 : (!m3) -> !m2
  %2 = mpmd.transfer %1 : (!m2) -> !m1
  // A value that comes straight from an argument is no dependency.
  %3 = mpmd.transfer %arg0 : (!m3) -> !m1
  // expected-warning @+1 {{fragment "f" mesh="m3" produces a value consumed by fragment "f" mesh="m1". In a forward-only pipeline, dependencies must go from earlier meshes to later meshes.}}
  %4 = mpmd.fragment_call<mesh="m1", origin=["b"]> @f(%2) : (!m1) -> !m1
  %5 = mpmd.fragment_call<mesh="m1", origin=["c"]> @f(%3) : (!m1) -> !m1
  // The same mesh and a later mesh are fine.
  %6 = mpmd.fragment_call<mesh="m1", origin=["d"]> @f(%4) : (!m1) -> !m1
  func.return %6 : !m1
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!m10 = !mpmd.mesh_tensor<"m10", tensor<4xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {mesh_shape = #sdy.mesh<["x"=2]>} {
  return %arg0 : tensor<4xf32>
}

// Meshes with numeric suffixes compare by number: m2 comes before m10.
// FAIL: error: {{.*}}fragment "f" mesh="m10" produces a value consumed by fragment "f" mesh="m2"
func.func @numeric_mesh_order(%arg0: !m2) -> !m2 attributes {
    topology = #mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>, <"m10": <["x"=2]>>>} {
  %0 = mpmd.fragment_call<mesh="m2", origin=["a"]> @f(%arg0) : (!m2) -> !m2
  %1 = mpmd.transfer %0 : (!m2) -> !m10
  %2 = mpmd.fragment_call<mesh="m10", origin=["b"]> @f(%1) : (!m10) -> !m10
  %3 = mpmd.transfer %2 : (!m10) -> !m2
  // expected-warning @+1 {{fragment "f" mesh="m10" produces a value consumed by fragment "f" mesh="m2"}}
  %4 = mpmd.fragment_call<mesh="m2", origin=["c"]> @f(%3) : (!m2) -> !m2
  func.return %4 : !m2
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {mesh_shape = #sdy.mesh<["x"=2]>} {
  return %arg0 : tensor<4xf32>
}

// A backward fragment: nothing is checked, or the program is refused.
// FAIL: :[[@LINE+1]]:1: error: Expected forward-only program but found non-forward fragments.
func.func @not_forward_only(%arg0: !m1) -> !m1 attributes {
    topology = #mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>>} {
  %t = mpmd.transfer %arg0 : (!m1) -> !m2
  %0 = mpmd.fragment_call<mesh="m2", origin=["a"]> @f(%t) : (!m2) -> !m2
  %1 = mpmd.transfer %0 : (!m2) -> !m1
  %2 = mpmd.fragment_call<mesh="m1", origin=["b"(1)]> @f(%1) : (!m1) -> !m1
  func.return %2 : !m1
}

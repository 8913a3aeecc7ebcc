// RUN: mpmd_opt %s -split-input-file -mpmd-pipeline-scheduler=must-happen-before=ParallelPipelinesWithWrapAround -verify-diagnostics

// Where a schedule's rule checks an assumption the units break (Shardy
// aborts), sharc reports the check at the first unit of the pair.

!m1 = !mpmd.mesh_tensor<"mesh1", tensor<4xf32>>
func.func @backward_units(%a: !m1) -> (!m1, !m1) attributes {topology = #mpmd.topology<<"mesh1": <["x"=1]>>>} {
  // expected-error@+1 {{Check failed: IsForwardFragment(fragment1) && IsForwardFragment(fragment2)}}
  %f = mpmd.fragment<mesh="mesh1", origin=["f"]> (%a) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  %b = mpmd.fragment<mesh="mesh1", origin=["f"(1)]> (%a) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  return %f, %b : !m1, !m1
}

// -----

!m1 = !mpmd.mesh_tensor<"mesh1", tensor<4xf32>>
func.func @duplicate_call_counter(%a: !m1) -> (!m1, !m1) attributes {topology = #mpmd.topology<<"mesh1": <["x"=1]>>>} {
  // expected-error@+1 {{Should not have duplicate call counter.}}
  %f = mpmd.fragment<mesh="mesh1", origin=["f"]> (%a) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  %g = mpmd.fragment<mesh="mesh1", origin=["g"]> (%a) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  return %f, %g : !m1, !m1
}

// -----

// Dependent units are never compared, so their duplicate call counter is fine.
!m1 = !mpmd.mesh_tensor<"mesh1", tensor<4xf32>>
func.func @dependent_units_not_compared(%a: !m1) -> !m1 attributes {topology = #mpmd.topology<<"mesh1": <["x"=1]>>>} {
  %f = mpmd.fragment<mesh="mesh1", origin=["f"]> (%a) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  %g = mpmd.fragment<mesh="mesh1", origin=["g"]> (%f) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  return %g : !m1
}

// -----

// The mesh number comes from the mesh name's digits.
!m = !mpmd.mesh_tensor<"mesh", tensor<4xf32>>
func.func @no_mesh_number(%a: !m) -> (!m, !m) attributes {topology = #mpmd.topology<<"mesh": <["x"=1]>>>} {
  // expected-error@+1 {{Check failed: the mesh name mesh does not end in a mesh number}}
  %f = mpmd.fragment<mesh="mesh", origin=["f"]> (%a) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m) -> !m
  %g = mpmd.fragment<mesh="mesh", origin=["g"]> (%a) {call_counter = 2 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m) -> !m
  return %f, %g : !m, !m
}


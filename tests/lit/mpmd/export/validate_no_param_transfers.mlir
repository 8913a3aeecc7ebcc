// Cross-mesh transfers of parameters: the operand's or the transfer's own
// name location matches the pattern (each matching name listed once);
// transfers between memory kinds of one mesh count as cross-mesh.

// RUN: mpmd_opt %s -split-input-file -verify-diagnostics -mpmd-validate-no-param-transfers
// RUN: not mpmd_opt %s -split-input-file -mpmd-validate-no-param-transfers='fail-on-param-transfers=true param-pattern=layer' 2>&1 | FileCheck %s --check-prefix=CUSTOM

!m1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>
!host = !mpmd.mesh_tensor<"m1", tensor<4xf32>, memory_kind = "pinned_host">

// CUSTOM: error: Detected cross-mesh transfer of a parameter matching "layer" from mesh "m1" to "m2". JAX locations: ["params['transformer/layer']"]
// CUSTOM: error: Detected cross-mesh transfer of a parameter matching "layer" from mesh "m1" to "m1". JAX locations: ["params['transformer/layer']"]
func.func @matches(%arg0: !m1 loc("params['transformer/layer']")) -> (!m2, !host, !m1) attributes {
    topology = #mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>>} {
  // expected-warning @+1 {{Detected cross-mesh transfer of a parameter matching "params['transformer" from mesh "m1" to "m2". JAX locations: ["params['transformer/layer']"]}}
  %0 = mpmd.transfer %arg0 : (!m1) -> !m2
  // expected-warning @+1 {{from mesh "m1" to "m1". JAX locations: ["params['transformer/layer']"]}}
  %1 = mpmd.transfer %arg0 : (!m1) -> !host
  // Within one mesh and memory kind: not a cross-mesh transfer.
  %2 = mpmd.transfer %arg0 : (!m1) -> !m1
  func.return %0, %1, %2 : !m2, !host, !m1
}

// Parameter transfers named by name locations without a file position
// (reported at an unknown location): the transfer's own name and its
// operand's, each matching name listed once.

// RUN: mpmd_opt %s -mpmd-validate-no-param-transfers 2>&1 | FileCheck %s
// RUN: not mpmd_opt %s -mpmd-validate-no-param-transfers='fail-on-param-transfers=true param-pattern=layer' 2>&1 | FileCheck %s --check-prefix=CUSTOM

!m1 = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

// CHECK: warning: {{.*}} from mesh "m1" to "m2". JAX locations: ["params['transformer/w']"]
// CHECK: warning: {{.*}} from mesh "m1" to "m2". JAX locations: ["params['transformer/w']", "params['transformer/v']"]
// CHECK: warning: {{.*}} from mesh "m1" to "m2". JAX locations: ["params['transformer/w']"]
// CHECK: warning: {{.*}} from mesh "m2" to "m1". JAX locations: ["params['transformer/v']"]
// CHECK: warning: {{.*}} from mesh "m1" to "m2". JAX locations: ["params['transformer/v']"]
// CHECK-NOT: warning:
// CUSTOM: error: {{.*}} from mesh "m1" to "m2". JAX locations: ["other layer"]
// CUSTOM: error: {{.*}} from mesh "m2" to "m1". JAX locations: ["other layer"]
// CUSTOM-NOT: error:
func.func @transfer_names(%arg0: !m1 loc("params['transformer/w']")) -> (!m2, !m2, !m2, !m2) attributes {
    topology = #mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>>} {
  // the same name on both is listed once
  %0 = mpmd.transfer %arg0 : (!m1) -> !m2 loc("params['transformer/w']")
  %1 = mpmd.transfer %arg0 : (!m1) -> !m2 loc("params['transformer/v']")
  %2 = mpmd.transfer %arg0 : (!m1) -> !m2 loc("other layer")
  %3 = mpmd.transfer %2 : (!m2) -> !m1 loc("params['transformer/v']")
  // a name location nested in another location does not count (the
  // operand's name does)
  %4 = mpmd.transfer %3 : (!m1) -> !m2 loc(callsite("params['transformer/x']" at "f.py":1:1))
  func.return %0, %1, %2, %4 : !m2, !m2, !m2, !m2
}

// The error limit of -mpmd-infer-mesh-assign-mesh-func-leaves: each error
// counts, and the pass fails when the count reaches the limit (and only
// then: fewer errors are reported, but the pass goes on). 0 is refused.

// RUN: mpmd_opt %s -mpmd-infer-mesh-assign-mesh-func-leaves 2>%t.err | FileCheck %s --check-prefix=UNDER
// RUN: FileCheck %s --check-prefix=ERRS --input-file %t.err
// UNDER: return %0, %1 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
// ERRS: error: Func output 0 has no mesh to be assigned to.
// ERRS: error: Func output 1 has no mesh to be assigned to.

// RUN: not mpmd_opt %s -mpmd-infer-mesh-assign-mesh-func-leaves=error-limit=2 2>&1 | FileCheck %s --check-prefix=AT
// AT: error: Func output 0 has no mesh to be assigned to.
// AT: error: Func output 1 has no mesh to be assigned to.
// AT-NOT: func.func

// RUN: not mpmd_opt %s -mpmd-infer-mesh-assign-mesh-func-leaves=error-limit=0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: mesh inference validation must not be disabled.

// RUN: not mpmd_opt %s -mpmd-infer-mesh-validate-src-set-not-empty=error-limit=0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not mpmd_opt %s -mpmd-infer-mesh-validate-no-additional-transfers-needed=error-limit=0 2>&1 | FileCheck %s --check-prefix=ZERO

func.func @main(%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  attributes {"topology"=#mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["y"=2]>>>} {
  %0 = stablehlo.constant {mpmd.src_set = #mpmd.meshes_with_origins<>, mpmd.use_set = #mpmd.meshes_with_origins<>} dense<1.0> : tensor<4x8xf32>
  %1 = stablehlo.constant {mpmd.src_set = #mpmd.meshes_with_origins<>, mpmd.use_set = #mpmd.meshes_with_origins<>} dense<2.0> : tensor<4x8xf32>
  func.return %0, %1 : tensor<4x8xf32>, tensor<4x8xf32>
}

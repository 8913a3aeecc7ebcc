// The custom option parsers of the import passes (Shardy's llvm::cl parsers
// for UserAssignmentMap, IndexedAssignmentMap and the equisharding
// constraints): their errors, and the forms they accept.

// RUN: not mpmd_opt %s -mpmd-map-named-ops-to-mpmd-ops='assignment=f1' 2>&1 | FileCheck %s --check-prefix=NOAT
// NOAT: for the --assignment option: Assignment must contain '@' denoting a name assigned to a mesh (and stage), got: f1

// RUN: not mpmd_opt %s -mpmd-map-named-ops-to-mpmd-ops='assignment=f1@m1/x' 2>&1 | FileCheck %s --check-prefix=STAGE
// STAGE: for the --assignment option: Failed to parse stage number: x

// RUN: not mpmd_opt %s -mpmd-map-named-ops-to-mpmd-ops='assignment=f1@m1/1/2' 2>&1 | FileCheck %s --check-prefix=STAGE2
// STAGE2: for the --assignment option: Failed to parse stage number: 1/2

// RUN: not mpmd_opt %s -mpmd-inline-nested-user-exposed-ops='assignment=f1@m1,oops' 2>&1 | FileCheck %s --check-prefix=NOAT2
// NOAT2: for the --assignment option: Assignment must contain '@' denoting a name assigned to a mesh (and stage), got: oops

// RUN: not mpmd_opt %s -mpmd-map-input-output-to-mesh='input-assignment=0' 2>&1 | FileCheck %s --check-prefix=IDX
// IDX: for the --input-assignment option: Assignment must contain '@' denoting a name assigned to a mesh, got: 0

// RUN: not mpmd_opt %s -mpmd-map-input-output-to-mesh='output-assignment=a@m1' 2>&1 | FileCheck %s --check-prefix=IDX2
// IDX2: for the --output-assignment option: Failed to parse index: a

// RUN: not mpmd_opt %s -mpmd-enforce-input-output-equisharding='constraints=x:0' 2>&1 | FileCheck %s --check-prefix=IN
// IN: for the --constraints option: Failed to parse input index: x

// RUN: not mpmd_opt %s -mpmd-infer-mesh-assign-using-input-output-constraints='constraints=0:y' 2>&1 | FileCheck %s --check-prefix=OUT
// OUT: for the --constraints option: Failed to parse output index: y

// RUN: not mpmd_opt %s -mpmd-import-pipeline='name-to-mesh-assignment=f1@m1/z' 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: for the --name-to-mesh-assignment option: Failed to parse stage number: z

// A trailing comma is allowed, the last assignment of a name wins, spaces
// around an item are dropped, and a negative stage parses.
// RUN: mpmd_opt %s -mpmd-map-named-ops-to-mpmd-ops='assignment="f1@m2, f1@m1/-1,"' | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK: mpmd.fragment<mesh="m1", origin=["f1"], stage=-1>
func.func @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32>
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
  %0 = mpmd.named_computation<"f1"> (%arg0) (%arg1: tensor<4x8xf32>) {
    %1 = stablehlo.add %arg1, %arg1 : tensor<4x8xf32>
    mpmd.return %1 : tensor<4x8xf32>
  } : (tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

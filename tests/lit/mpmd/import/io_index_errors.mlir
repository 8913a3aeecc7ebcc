// Indices in the input/output assignments and the equisharding constraints
// that name an input or output the function does not have. Shardy checks
// them with SDY_CHECK (a crash); sharc reports them on the function.

// RUN: not mpmd_opt %s -mpmd-map-input-output-to-mesh='input-assignment=3@m1' 2>&1 | FileCheck %s --check-prefix=IN
// IN: error: 'func.func' op Input index out of bounds.
// RUN: not mpmd_opt %s -mpmd-map-input-output-to-mesh='input-assignment=-1@m1' 2>&1 | FileCheck %s --check-prefix=INNEG
// INNEG: error: 'func.func' op Input index must be non-negative.
// RUN: not mpmd_opt %s -mpmd-map-input-output-to-mesh='output-assignment=1@m1' 2>&1 | FileCheck %s --check-prefix=OUT
// OUT: error: 'func.func' op Output index must be less than the number of results.
// RUN: not mpmd_opt %s -mpmd-map-input-output-to-mesh='output-assignment=-2@m1' 2>&1 | FileCheck %s --check-prefix=OUTNEG
// OUTNEG: error: 'func.func' op Output index must be non-negative.
// RUN: not mpmd_opt %s -mpmd-enforce-input-output-equisharding='constraints=0:1' 2>&1 | FileCheck %s --check-prefix=EQ
// EQ: error: 'func.func' op constraint 0:1 refers to an input or output the function does not have
// RUN: not mpmd_opt %s -mpmd-infer-mesh-assign-using-input-output-constraints='constraints=1:0' 2>&1 | FileCheck %s --check-prefix=IO
// IO: error: 'func.func' op constraint 1:0 refers to an input or output the function does not have

// An output assigned to a mesh the topology does not have fails the
// verification of the assign built for it (at the returned value).
// RUN: not mpmd_opt %s -mpmd-map-input-output-to-mesh='output-assignment=0@m5' 2>&1 | FileCheck %s --check-prefix=MESH
// MESH: 23:17: error: Topology doesn't have a mesh with name: m5

func.func @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32>
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  func.return %arg0 : tensor<4x8xf32>
}

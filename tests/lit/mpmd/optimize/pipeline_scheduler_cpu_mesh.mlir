// RUN: not mpmd_opt %s -mpmd-pipeline-scheduler -o %t 2>&1 | FileCheck %s
// RUN: not test -s %t

// 1F1B places units by their mesh's index among the meshes that are not
// CPU meshes; a unit on a CPU mesh has none.
// CHECK: error: Mesh not found: m/cpu
!c = !mpmd.mesh_tensor<"m/cpu", tensor<4xf32>>
func.func @cpu_mesh(%a: !c) -> (!c, !c) attributes {topology = #mpmd.topology<<"m": <["x"=1]>>, <"m/cpu": <["x"=1]>>>} {
  %f = mpmd.fragment<mesh="m/cpu", origin=["f"]> (%a) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!c) -> !c
  %g = mpmd.fragment<mesh="m/cpu", origin=["f"]> (%a) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!c) -> !c
  return %f, %g : !c, !c
}

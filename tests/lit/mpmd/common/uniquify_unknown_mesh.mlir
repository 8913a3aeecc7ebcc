// A returned argument on a mesh the topology lacks: Shardy's GetMeshOrFail,
// a located error (and nothing leaked on the way out, under ASan).
// RUN: not mpmd_opt %s -mpmd-uniquify-function-inputs-outputs 2>&1 | FileCheck %s --implicit-check-not=Sanitizer

!mesh_tensor = !mpmd.mesh_tensor<"m", tensor<4xui32>>

// CHECK: :[[@LINE+4]]:3: error: Topology doesn't have a mesh with name: m
func.func @returned_argument(%arg0: !mesh_tensor) -> !mesh_tensor
  attributes {"topology"=#mpmd.topology<<"other": <["x"=2]>>>}
{
  func.return %arg0 : !mesh_tensor
}

// RUN: mpmd_opt %s -split-input-file -verify-diagnostics

// The verifier remembers an mpmd.assign or mpmd.unassign that passed by
// its parent op, not its parent's name: the same transfer in a function
// whose topology lacks the mesh still reports.

func.func @has_mesh(%arg0: tensor<4xf32>) -> !mpmd.mesh_tensor<"m1", tensor<4xf32>>
    attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  %0 = mpmd.assign %arg0 : (tensor<4xf32>) -> !mpmd.mesh_tensor<"m1", tensor<4xf32>>
  return %0 : !mpmd.mesh_tensor<"m1", tensor<4xf32>>
}

func.func @lacks_mesh(%arg0: tensor<4xf32>) -> !mpmd.mesh_tensor<"m1", tensor<4xf32>>
    attributes {topology = #mpmd.topology<<"m2": <["x"=2]>>>} {
  // expected-error @+1 {{Topology doesn't have a mesh with name: m1}}
  %0 = mpmd.assign %arg0 : (tensor<4xf32>) -> !mpmd.mesh_tensor<"m1", tensor<4xf32>>
  return %0 : !mpmd.mesh_tensor<"m1", tensor<4xf32>>
}

// RUN: mpmd_opt %s -verify-diagnostics -mpmd-infer-mesh-finalize
// The last check of mesh inference: what an earlier validation should have
// caught is reported where it is, every instance of it.

// expected-error @+2 {{function input 0 is not a MeshTensorType, but a 'tensor<4x8xf32>'}}
// expected-error @+1 {{function output 1 is not a MeshTensorType, but a 'tensor<4x8xf32>'}}
func.func @main(%arg0: tensor<4x8xf32>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, tensor<4x8xf32>)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{no more meshless ops are expected at this point.}}
  %0 = stablehlo.add %arg0, %arg0 : tensor<4x8xf32>
  // expected-error @+1 {{assigns, unassigns or broadcasts are not allowed after mesh inference.}}
  %1 = mpmd.assign %0 : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  // expected-error @+1 {{assigns, unassigns or broadcasts are not allowed after mesh inference.}}
  %2 = mpmd.broadcast %0 : tensor<4x8xf32>
  func.return %1, %2 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, tensor<4x8xf32>
}

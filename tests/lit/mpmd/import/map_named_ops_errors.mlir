// RUN: mpmd_opt %s -split-input-file -verify-diagnostics -mpmd-map-named-ops-to-mpmd-ops='assignment=f@m7,t@m9,g@m1'
// The user's assignment against the program: a top-level named computation
// it leaves out, and names assigned to meshes the topology does not have.
// Shardy checks the mesh of a computation as it maps it (then stops), and
// the mesh of a tensor when the assign it built is verified.

func.func @unassigned(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32>
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{Top-level NamedComputation 'nope' is not assigned to a mesh in the user-defined named-to-mesh assignment.}}
  %0 = mpmd.named_computation<"nope"> (%arg0) (%arg1: tensor<4x8xf32>) {
    mpmd.return %arg1 : tensor<4x8xf32>
  } : (tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

func.func @computation_on_unknown_mesh(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32>
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{Topology doesn't have a mesh with name: m7}}
  %0 = mpmd.named_computation<"f"> (%arg0) (%arg1: tensor<4x8xf32>) {
    mpmd.return %arg1 : tensor<4x8xf32>
  } : (tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

func.func @tensor_on_unknown_mesh(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32>
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{Topology doesn't have a mesh with name: m9}}
  %0 = mpmd.named_tensor %arg0 name="t" : tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

// Every unassigned computation is reported, the assigned ones still mapped.
func.func @two_unassigned(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32>
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{Top-level NamedComputation 'a' is not assigned}}
  %0 = mpmd.named_computation<"a"> (%arg0) (%arg1: tensor<4x8xf32>) {
    mpmd.return %arg1 : tensor<4x8xf32>
  } : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = mpmd.named_computation<"g"> (%0) (%arg1: tensor<4x8xf32>) {
    mpmd.return %arg1 : tensor<4x8xf32>
  } : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // expected-error @+1 {{Top-level NamedComputation 'b' is not assigned}}
  %2 = mpmd.named_computation<"b"> (%1) (%arg1: tensor<4x8xf32>) {
    mpmd.return %arg1 : tensor<4x8xf32>
  } : (tensor<4x8xf32>) -> tensor<4x8xf32>
  func.return %2 : tensor<4x8xf32>
}

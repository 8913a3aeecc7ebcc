// RUN: mpmd_opt %s -split-input-file -verify-diagnostics
// ODS attribute checks of MPMD ops in MLIR's order: the attributes present
// against their constraints, by sorted name, then the required ones.

// Constraints by sorted name (mesh_name before stage_id), before the
// required attributes (origin is missing).
!m = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
module {
func.func @main(%arg0: !m) -> !m attributes {topology = #mpmd.topology<<"m1" : <["x"=1]>>>} {
  // expected-error @+1 {{'mpmd.fragment' op attribute 'mesh_name' failed to satisfy constraint: string attribute}}
  %0 = "mpmd.fragment"(%arg0) ({
  ^bb0(%a: tensor<4xf32>):
    mpmd.return %a : tensor<4xf32>
  }) {mesh_name = 3, stage_id = "x"} : (!m) -> !m
  return %0 : !m
}
}

// -----

// in_shardings sorts first; mesh_name is missing.
!m = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
func.func @main(%arg0: !m) -> !m attributes {topology = #mpmd.topology<<"m1" : <["x"=1]>>>} {
  // expected-error @+1 {{'mpmd.fragment' op attribute 'in_shardings' failed to satisfy constraint: Tensor sharding per operand/result of an op}}
  %0 = "mpmd.fragment"(%arg0) ({
  ^bb0(%a: tensor<4xf32>):
    mpmd.return %a : tensor<4xf32>
  }) {origin = [], in_shardings = 3} : (!m) -> !m
  return %0 : !m
}

// -----

// Required attributes are asked for after the constraints passed.
!m = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
func.func @main(%arg0: !m) -> !m attributes {topology = #mpmd.topology<<"m1" : <["x"=1]>>>} {
  // expected-error @+1 {{'mpmd.fragment_call' op requires attribute 'callee'}}
  %0 = "mpmd.fragment_call"(%arg0) {mesh_name = "m1"} : (!m) -> !m
  return %0 : !m
}

// -----

// The constraints of callee, mesh_name and origin come before any missing
// required attribute.
!m = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
func.func @main(%arg0: !m) -> !m attributes {topology = #mpmd.topology<<"m1" : <["x"=1]>>>} {
  // expected-error @+1 {{'mpmd.fragment_call' op attribute 'origin' failed to satisfy constraint: array of origin infos}}
  %0 = "mpmd.fragment_call"(%arg0) {callee = @f, origin = [3]} : (!m) -> !m
  return %0 : !m
}

// -----

// unroll_factor's constraint comes before the missing iterations.
func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mpmd.for' op attribute 'unroll_factor' failed to satisfy constraint: 32-bit unsigned integer attribute}}
  %0 = "mpmd.for"(%arg0) ({
  ^bb0(%a: tensor<4xf32>, %i: tensor<ui32>):
    mpmd.return %a : tensor<4xf32>
  }) {unroll_factor = 2 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// HasParent is a structural trait: verified before the operand constraint.
!m = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {topology = #mpmd.topology<<"m1" : <["x"=1]>>>} {
  %0 = mpmd.named_computation<"f"> (%arg0) (%a: tensor<4xf32>) {
    // expected-error @+1 {{'mpmd.transfer' op expects parent op 'func.func'}}
    %1 = "mpmd.transfer"(%a) : (tensor<4xf32>) -> tensor<4xf32>
    mpmd.return %1 : tensor<4xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

!m = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
func.func @main(%arg0: !m) -> !m attributes {topology = #mpmd.topology<<"m1" : <["x"=1]>>>} {
  // expected-error @+2 {{'mpmd.fragment' op expects regions to end with 'mpmd.return', found 'func.return'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'mpmd.return'}}
  %0 = "mpmd.fragment"(%arg0) ({
  ^bb0(%a: tensor<4xf32>):
    func.return %a : tensor<4xf32>
  }) {mesh_name = 3} : (!m) -> !m
  return %0 : !m
}

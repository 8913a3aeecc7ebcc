// RUN: mpmd_opt -split-input-file -verify-diagnostics %s
// Shardy's verifier rules for mpmd ops, one per piece.

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
func.func @no_topology(%arg0: tensor<4x8xf32>) -> !m1 {
  // expected-error @+1 {{Function does not have a topology attribute: no_topology}}
  %0 = mpmd.assign %arg0 : (tensor<4x8xf32>) -> !m1
  return %0 : !m1
}

// -----

!m3 = !mpmd.mesh_tensor<"m3", tensor<4x8xf32>>
func.func @unknown_mesh(%arg0: tensor<4x8xf32>) -> !m3
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{Topology doesn't have a mesh with name: m3}}
  %0 = mpmd.assign %arg0 : (tensor<4x8xf32>) -> !m3
  return %0 : !m3
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
func.func @assign_type_mismatch(%arg0: tensor<4x4xf32>) -> !m1
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{mismatch between the given local type 'tensor<4x4xf32>' and mesh_type ranked tensor type: 'tensor<4x8xf32>'}}
  %0 = mpmd.assign %arg0 : (tensor<4x4xf32>) -> !m1
  return %0 : !m1
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
func.func @assign_needs_mesh_tensor(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32>
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{'mpmd.assign' op result #0 must be mesh tensor type, but got 'tensor<4x8xf32>'}}
  %0 = mpmd.assign %arg0 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<8x4xf32>>
func.func @transfer_global_types(%arg0: !m1) -> !m2
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
  // expected-error @+1 {{cannot perform transfer between given types '!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>' and '!mpmd.mesh_tensor<"m2", tensor<8x4xf32>>': global tensor types are different}}
  %0 = mpmd.transfer %arg0 : (!m1) -> !m2
  return %0 : !m2
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<4x8xf32>, memory_kind="disk">
func.func @transfer_memory_kind(%arg0: !m1) -> !m2
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
  // expected-error @+1 {{memory kind must be either 'pinned_host' or 'device'. Found 'disk'.}}
  %0 = mpmd.transfer %arg0 : (!m1) -> !m2
  return %0 : !m2
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
func.func @fragment_inner_type(%arg0: !m1) -> !m1
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{expected the type of the block argument to be global tensor type operand: 'tensor<4x8xf32>', got: 'tensor<8x4xf32>'}}
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) (%a: tensor<8x4xf32>) {
    mpmd.return %a : tensor<8x4xf32>
  } : (!m1) -> !m1
  return %0 : !m1
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
func.func @fragment_mesh_name(%arg0: !m1) -> !m2
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} {
  // expected-error @+1 {{expected the mesh name of the result to match that of the fragment op: m2 != m1}}
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) (%a: tensor<4x8xf32>) {
    mpmd.return %a : tensor<4x8xf32>
  } : (!m1) -> !m2
  return %0 : !m2
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
func.func @fragment_result_count(%arg0: !m1) -> !m1
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{number of returned values must match the number of results respectively: 2 != 1}}
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) (%a: tensor<4x8xf32>) {
    mpmd.return %a, %a : tensor<4x8xf32>, tensor<4x8xf32>
  } : (!m1) -> !m1
  return %0 : !m1
}

// -----

func.func @named_computation_types(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{expected the type of the block argument to match the type of operand: 'tensor<8x4xf32>', got: 'tensor<4x8xf32>'}}
  %0 = mpmd.named_computation<"f"> (%arg0) (%a: tensor<8x4xf32>) {
    mpmd.return %a : tensor<8x4xf32>
  } : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @for_unroll_factor(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{number of iterations 5 isn't divisible by unroll factor 2}}
  %0 = mpmd.for (%arg0) {iterations = 5 : ui32, unroll_factor = 2 : ui32} (%a: tensor<4x8xf32>, %i: tensor<ui32>) {
    mpmd.return %a : tensor<4x8xf32>
  } : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @for_index_type(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{index must have a 32-bit integer rank-0 tensor type}}
  %0 = mpmd.for (%arg0) {iterations = 4 : ui32} (%a: tensor<4x8xf32>, %i: tensor<2xui32>) {
    mpmd.return %a : tensor<4x8xf32>
  } : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @for_region_args(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{wrong number of arguments for region}}
  %0 = mpmd.for (%arg0) {iterations = 4 : ui32} (%a: tensor<4x8xf32>) {
    mpmd.return %a : tensor<4x8xf32>
  } : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @for_iterations(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'mpmd.for' op requires attribute 'iterations'}}
  %0 = mpmd.for (%arg0) (%a: tensor<4x8xf32>, %i: tensor<ui32>) {
    mpmd.return %a : tensor<4x8xf32>
  } : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
func.func @fragment_terminator(%arg0: !m1) -> !m1
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+2 {{'mpmd.fragment' op expects regions to end with 'mpmd.return', found 'func.return'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'mpmd.return'}}
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) (%a: tensor<4x8xf32>) {
    func.return %a : tensor<4x8xf32>
  } : (!m1) -> !m1
  return %0 : !m1
}

// -----

func.func @broadcast_types(%arg0: tensor<4x8xf32>) -> tensor<4x8xi32> {
  // expected-error @+1 {{'mpmd.broadcast' op requires the same element type for all operands and results}}
  %0 = "mpmd.broadcast"(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// -----

func.func @callee_is_entry_point(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{MPMD CallOp callee with topology must also have visibility set to private, as public functions with topologies are assumed to be entry point functions.}}
  %0 = mpmd.call @g(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

func.func @g(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32>
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  return %arg0 : tensor<4x8xf32>
}

// -----

// expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
func.func @unbalanced(%arg0 : !mpmd.mesh_tensor<"mesh", tensor<12x16xf32>)

// -----

// expected-error @+1 {{expected 'memory_kind'}}
func.func @no_memory_kind(%arg0 : !mpmd.mesh_tensor<"mesh", tensor<12x16xf32>, device="x">)

// -----

// expected-error @+1 {{expected ::mlir::mpmd::ReductionType to be one of: none, add, max, min, mul, or, and}}
func.func @bad_reduction() attributes {r = #mpmd.reduction<sum>}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
func.func @unassign_inferred(%arg0: !m1) -> tensor<8x4xf32>
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{'mpmd.unassign' op inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<8x4xf32>'}}
  %0 = mpmd.unassign %arg0 : (!m1) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
func.func @fragment_call_mesh(%arg0: !m1) -> !m1
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{Expected mesh of fragment call and callee function to match: #sdy.mesh<["x"=2]> vs #sdy.mesh<["x"=4]>}}
  %0 = mpmd.fragment_call<mesh="m1", origin=[]> @f(%arg0) : (!m1) -> !m1
  return %0 : !m1
}
func.func @f(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {mesh_shape = #sdy.mesh<["x"=4]>} {
  return %arg0 : tensor<4x8xf32>
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
func.func @fragment_call_types(%arg0: !m1) -> !m1
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{expected the type of the block argument to be global tensor type operand: 'tensor<4x8xf32>', got: 'tensor<8x4xf32>'}}
  %0 = mpmd.fragment_call<mesh="m1", origin=[]> @f(%arg0) : (!m1) -> !m1
  return %0 : !m1
}
func.func @f(%arg0: tensor<8x4xf32>) -> tensor<8x4xf32> attributes {mesh_shape = #sdy.mesh<["x"=2]>} {
  return %arg0 : tensor<8x4xf32>
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
func.func @fragment_call_callee(%arg0: !m1) -> !m1
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{'missing' does not reference a valid function}}
  %0 = mpmd.fragment_call<mesh="m1", origin=[]> @missing(%arg0) : (!m1) -> !m1
  return %0 : !m1
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<3x8xf32>, sharding=<@mesh, [{"x"}, {}]>>
func.func @fragment_divisibility(%arg0: !m1) -> !m1
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{'mpmd.fragment' op dim 0 with size 3 is not divisible by its sharded size 2}}
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) (%a: tensor<3x8xf32>) {
    mpmd.return %a : tensor<3x8xf32>
  } : (!m1) -> !m1
  return %0 : !m1
}

// -----

!m = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
func.func @fragment_shardings_kind(%arg0: !m) -> !m
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // expected-error @+1 {{'mpmd.fragment' op attribute 'in_shardings' failed to satisfy constraint: Tensor sharding per operand/result of an op}}
  %0 = "mpmd.fragment"(%arg0) <{mesh_name = "m1", origin = [], in_shardings = 1 : i64}> ({
  ^bb0(%a: tensor<4xf32>):
    "mpmd.return"(%a) : (tensor<4xf32>) -> ()
  }) : (!m) -> !m
  return %0 : !m
}

// The typed attribute parameters of MPMD's custom syntax (ODS's typed
// parseAttribute): an attribute of another kind is "invalid kind of attribute
// specified" at the column where the attribute starts.
// RUN: not mpmd_opt -split-input-file %s 2>&1 | FileCheck %s

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
func.func @stage_not_integer(%arg0: !m1) -> !m1
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  // CHECK: typed_attr_errors.mlir:[[# @LINE + 1]]:50: error: custom op {{.*}} invalid kind of attribute specified
  %0 = mpmd.fragment<mesh="m1", origin=[], stage="s"> (%arg0) (%a: tensor<4x8xf32>) {
    mpmd.return %a : tensor<4x8xf32>
  } : (!m1) -> !m1
  return %0 : !m1
}

// -----

func.func @mesh_not_string(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: typed_attr_errors.mlir:[[# @LINE + 1]]:27: error: custom op {{.*}} invalid kind of attribute specified
  %0 = mpmd.fragment<mesh=1, origin=[]> (%arg0) (%a: tensor<4x8xf32>) {
    mpmd.return %a : tensor<4x8xf32>
  } : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @name_not_string(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: typed_attr_errors.mlir:[[# @LINE + 1]]:37: error: custom op {{.*}} invalid kind of attribute specified
  %0 = mpmd.named_tensor %arg0 name=[1] : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @callee_nested(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: typed_attr_errors.mlir:[[# @LINE + 1]]:18: error: custom op {{.*}} invalid kind of attribute specified
  %0 = mpmd.call @a::@b(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @reduction_of_other_kind(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK: typed_attr_errors.mlir:[[# @LINE + 1]]:20: error: custom op {{.*}} invalid kind of attribute specified
  %0 = mpmd.reduce #mpmd.meshes_with_origins<> %arg0 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// RUN: mpmd_opt %s -mpmd-infer-mesh-finalize 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=LOG --input-file %t.err

// Mesh inference clears its use and source sets as it goes; one still on an
// op when it finishes is cleared with a warning (SDY_LOG(WARNING), stderr).
// A fragment is left as it is, its body is not.

// LOG: W{{.*}} shardy/dialect/mpmd/transforms/import/infer_mesh_assignment.cc:174] Use set or src set still present on op stablehlo.add after mesh inference. This shouldn't happen.{{$}}
// LOG-NEXT: W{{.*}} shardy/dialect/mpmd/transforms/import/infer_mesh_assignment.cc:174] Use set or src set still present on op mpmd.transfer after mesh inference. This shouldn't happen.{{$}}
// LOG-NOT: W

// CHECK: mpmd.fragment<mesh="m1", origin=[]> (%arg0) {mpmd.use_set = #mpmd.meshes_with_origins<"m1">}
// CHECK: stablehlo.add %arg1, %arg1 : tensor<4x8xf32>
// CHECK: mpmd.transfer %0 :
func.func @main(%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
  attributes {topology=#mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["y"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) {mpmd.use_set = #mpmd.meshes_with_origins<"m1">} (%arg1: tensor<4x8xf32>) {
    %2 = stablehlo.add %arg1, %arg1 {mpmd.src_set = #mpmd.meshes_with_origins<"m1">} : tensor<4x8xf32>
    mpmd.return %2 : tensor<4x8xf32>
  } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
  %1 = mpmd.transfer {mpmd.use_set = #mpmd.meshes_with_origins<"m2">} %0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
  func.return %1 : !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
}

// RUN: mpmd_opt %s -split-input-file -mpmd-infer-mesh-assign-using-input-output-constraints='constraints=0:0' 2>/dev/null | FileCheck %s --check-prefix=PICK
// RUN: mpmd_opt %s -split-input-file -mpmd-infer-mesh-assign-using-input-output-constraints='constraints=0:0 verbose-logging=true' 2>/dev/null | FileCheck %s --check-prefix=VERBOSE
// RUN: mpmd_opt %s -split-input-file -mpmd-infer-mesh-assign-using-input-output-constraints='constraints=0:0' 2>/dev/null | FileCheck %s --check-prefix=QUIET

// Mesh inference's SDY_LOG(INFO) lines (stdout, glog-style): which mesh an
// input-output constraint picked when the intersection left a choice, and
// (only with verbose-logging) that no mesh was found for a constraint.

// The output's use set meets the input's: the first of the intersection.
// PICK: I{{.*}} shardy/dialect/mpmd/transforms/import/infer_mesh_assignment.cc:1101] Picking first mesh for func output 0 from the intersection of the input and outputs use_set: {m3,m2}{{$}}
// PICK-LABEL: func.func @use_sets_meet
// PICK-SAME: !mpmd.mesh_tensor<"m2"
func.func @use_sets_meet(
  %arg0: tensor<4x8xf32> {mpmd.use_set = #mpmd.meshes_with_origins<"m1", "m2", "m3">})
   -> tensor<4x8xf32> attributes {topology=#mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["y"=2]>>, <"m3": <["z"=2]>>>} {
  %0 = stablehlo.add %arg0, %arg0 {mpmd.use_set = #mpmd.meshes_with_origins<"m3", "m2">} : tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

// No use set on the output: the input's use set meets the output's
// (unspecified) source set, and the smallest name wins.
// PICK: I{{.*}} shardy/dialect/mpmd/transforms/import/infer_mesh_assignment.cc:1116] Picking smallest mesh (in alphanum order) for func output 0 from the intersection of the input use_set and output src_set: {m3,m2}{{$}}
// PICK-LABEL: func.func @src_set_meets
// PICK-SAME: !mpmd.mesh_tensor<"m2"
func.func @src_set_meets(
  %arg0: tensor<4x8xf32> {mpmd.use_set = #mpmd.meshes_with_origins<"m3", "m2">})
   -> tensor<4x8xf32> attributes {topology=#mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["y"=2]>>, <"m3": <["z"=2]>>>} {
  %0 = stablehlo.add %arg0, %arg0 : tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

// One mesh left: nothing to say (the log lines come before the module of
// their split).
// QUIET-LABEL: func.func @src_set_meets
// QUIET-NOT: Picking
// QUIET-LABEL: func.func @single_choice
// QUIET-NOT: {{Picking|No suitable mesh}}
// QUIET-LABEL: func.func @no_mesh
func.func @single_choice(
  %arg0: tensor<4x8xf32> {mpmd.use_set = #mpmd.meshes_with_origins<"m2">})
   -> tensor<4x8xf32> attributes {topology=#mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["y"=2]>>>} {
  %0 = stablehlo.add %arg0, %arg0 {mpmd.src_set = #mpmd.meshes_with_origins<"m1", "m2">} : tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

// The input's uses and the output's sources do not meet: the constraint is
// left alone, and said so only when asked for.
// VERBOSE: I{{.*}} shardy/dialect/mpmd/transforms/import/infer_mesh_assignment.cc:1194] No suitable mesh found for input-output constraint on input 0 and output 0{{$}}
// VERBOSE-LABEL: func.func @no_mesh
// VERBOSE-SAME: (%arg0: tensor<4x8xf32>
func.func @no_mesh(
  %arg0: tensor<4x8xf32> {mpmd.use_set = #mpmd.meshes_with_origins<"m2">})
   -> tensor<4x8xf32> attributes {topology=#mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["y"=2]>>>} {
  %0 = stablehlo.add %arg0, %arg0 {mpmd.src_set = #mpmd.meshes_with_origins<"m1">} : tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

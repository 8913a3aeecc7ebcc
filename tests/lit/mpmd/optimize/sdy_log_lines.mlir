// RUN: mpmd_opt %s -split-input-file -mpmd-optimize-pipeline='pipeline-schedule=Circular' 2>/dev/null | FileCheck %s --check-prefix=SCHEDULE
// RUN: mpmd_opt %s -split-input-file -mpmd-infer-mesh-assign-mesh-func-leaves 2>/dev/null | FileCheck %s --check-prefix=UNUSED
// RUN: echo 'func.func @f(' | not mpmd_opt - -mpmd-optimize-pipeline 2>&1 | FileCheck %s --check-prefix=NOSETUP

// Shardy's SDY_LOG(INFO) lines go to stdout, glog-style. The optimize
// pipeline logs its schedule while the pass manager is set up, which MLIR
// does for each input after parsing it: once per split, before the module.
// Mesh inference logs the mesh it picks for an unused entry-point input.

// SCHEDULE: {{^}}I{{[0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]+\.[0-9]{6} [0-9]+}} shardy/dialect/mpmd/transforms/optimize/scheduler.cc:114] Reordering computation for Circular schedule.{{$}}
// SCHEDULE-NEXT: {{^}}I{{.*}} shardy/dialect/mpmd/transforms/optimize/scheduler.cc:88] Introduced 0 control dependencies for scheduling{{$}}
// SCHEDULE-EMPTY:
// SCHEDULE-NEXT: {{^}}module {
// SCHEDULE: {{^}}I{{.*}} shardy/dialect/mpmd/transforms/optimize/scheduler.cc:114] Reordering computation for Circular schedule.{{$}}
// SCHEDULE-NEXT: {{^}}module {

// UNUSED: I{{.*}} shardy/dialect/mpmd/transforms/import/infer_mesh_assignment.cc:1528] Picking first mesh for unused func input 0 from the topology, i.e. m1{{$}}
// UNUSED-NOT: Picking first mesh for unused func input 1

// An input that does not parse sets up no pipeline: nothing is logged.
// NOSETUP-NOT: Reordering computation
// NOSETUP: error:
// NOSETUP-NOT: Reordering computation

func.func @unused_input(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<4x8xf32>
  attributes {"topology"=#mpmd.topology<<"m2": <["y"=2]>>, <"m1": <["x"=2]>>>} {
  %0 = stablehlo.add %arg1, %arg1 : tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

func.func @second(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  func.return %arg0 : tensor<4x8xf32>
}

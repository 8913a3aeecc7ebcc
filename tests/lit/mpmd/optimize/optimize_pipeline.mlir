// RUN: mpmd_opt %s -mpmd-optimize-pipeline -mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=PASSES
// RUN: mpmd_opt %s -mpmd-optimize-pipeline='merge-after-scheduling=true' -mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=MERGE
// RUN: mpmd_opt %s -mpmd-optimize-pipeline='pipeline-schedule=none' | FileCheck %s --check-prefix=NONE
// RUN: mpmd_opt %s -mpmd-optimize-pipeline | FileCheck %s --check-prefix=ONEFONEB
// RUN: not mpmd_opt %s -mpmd-optimize-pipeline='pipeline-schedule=GPipe' 2>&1 | FileCheck %s --check-prefix=BAD

// The registered pipeline: the schedule, the stage-merging check, and the
// merges of inferred fragments when they were left for after scheduling.
// PASSES:      PipelineSchedulerPass
// PASSES-NEXT: VerifyStageMergingPass
// PASSES-NOT:  MergeInferredFragmentsPass
// MERGE:      PipelineSchedulerPass
// MERGE-NEXT: VerifyStageMergingPass
// MERGE-NEXT: AbsorbInferredFragmentsPass
// MERGE-NEXT: MergeInferredFragmentsPass
// MERGE-NEXT: MergeInferredFragmentsPass

// Only none, 1F1B and Circular are offered by the pipeline.
// BAD: mpmd_opt: for the --pipeline-schedule option: Cannot find option named 'GPipe'!

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
// NONE-LABEL: func.func @main
// NONE:  origin=["f"]> {{.*}}call_counter = 1
// NONE:  origin=["f"]> {{.*}}call_counter = 0
// ONEFONEB-LABEL: func.func @main
// ONEFONEB:  origin=["f"]> {{.*}}call_counter = 0
// ONEFONEB:  origin=["f"]> {{.*}}call_counter = 1
func.func @main(%arg0: !t) -> (!t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>>} {
  %1 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  return %1, %0 : !t, !t
}

// RUN: mpmd_opt %s -split-input-file -mpmd-pipeline-scheduler=must-happen-before=ParallelPipelinesWithWrapAround 2>&1 | FileCheck %s
// RUN: not mpmd_opt %s -mpmd-pipeline-scheduler=must-happen-before=builtin:1F1B 2>&1 | FileCheck %s --check-prefix=BAD-NAME
// RUN: not mpmd_opt %s -split-input-file -mpmd-pipeline-scheduler=remove-control-dependencies=false -o %t 2>&1 | FileCheck %s --check-prefix=KEEP
// RUN: not test -s %t
// RUN: mpmd_opt %s -split-input-file -mpmd-pipeline-scheduler=must-happen-before=ParallelPipelinesWithWrapAround 2>/dev/null | FileCheck %s --check-prefix=LOG

// Shardy logs how many control dependencies its process added (the
// message's own newline leaves an empty line), once per function.
// LOG: {{^}}I{{.*}} shardy/dialect/mpmd/transforms/optimize/scheduler.cc:88] Introduced 8 control dependencies for scheduling{{$}}
// LOG-EMPTY:
// LOG: {{^}}I{{.*}} shardy/dialect/mpmd/transforms/optimize/scheduler.cc:88] Introduced 0 control dependencies for scheduling{{$}}

// Only a schedule's name is accepted (the `builtin:` prefix the option's
// description mentions is not parsed, as in Shardy).
// BAD-NAME: mpmd_opt: for the --must-happen-before option: unknown PropagationSchedule: builtin:1F1B

// Three pipelines entering at meshes 1, 2 and 3: each mesh runs its own
// microbatch first, then the others rotated around it.
!m1 = !mpmd.mesh_tensor<"mesh1", tensor<4xf32>>
!m2 = !mpmd.mesh_tensor<"mesh2", tensor<4xf32>>
!m3 = !mpmd.mesh_tensor<"mesh3", tensor<4xf32>>
// CHECK-LABEL: func.func @wrap
// CHECK: mpmd.fragment<mesh="mesh1", origin=["f"]> (%arg0) {call_counter = 1
// CHECK: mpmd.fragment<mesh="mesh1", origin=["f"]> (%arg0) {call_counter = 3
// CHECK: mpmd.fragment<mesh="mesh2", origin=["f"]> (%arg1) {call_counter = 2
// CHECK: mpmd.fragment<mesh="mesh3", origin=["f"]> (%arg2) {call_counter = 3
// CHECK: mpmd.fragment<mesh="mesh1", origin=["f"]> (%arg0) {call_counter = 2
// CHECK: mpmd.fragment<mesh="mesh2", origin=["f"]> (%arg1) {call_counter = 1
// CHECK: mpmd.fragment<mesh="mesh2", origin=["f"]> (%arg1) {call_counter = 3
// CHECK: mpmd.fragment<mesh="mesh3", origin=["f"]> (%arg2) {call_counter = 2
// CHECK: mpmd.fragment<mesh="mesh3", origin=["f"]> (%arg2) {call_counter = 1
// Control dependencies kept: the pass leaves fragments with more operands
// than block arguments, which the verifier rejects.
// KEEP: error: number of block arguments must match the number of operands respectively: 1 != 2
func.func @wrap(%a: !m1, %b: !m2, %c: !m3) -> (!m1, !m1, !m1, !m2, !m2, !m2, !m3, !m3, !m3) attributes {topology = #mpmd.topology<<"mesh1": <["x"=1]>>, <"mesh2": <["x"=1]>>, <"mesh3": <["x"=1]>>>} {
  %f11 = mpmd.fragment<mesh="mesh1", origin=["f"]> (%a) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  %f12 = mpmd.fragment<mesh="mesh1", origin=["f"]> (%a) {call_counter = 2 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  %f13 = mpmd.fragment<mesh="mesh1", origin=["f"]> (%a) {call_counter = 3 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  %f21 = mpmd.fragment<mesh="mesh2", origin=["f"]> (%b) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m2) -> !m2
  %f22 = mpmd.fragment<mesh="mesh2", origin=["f"]> (%b) {call_counter = 2 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m2) -> !m2
  %f23 = mpmd.fragment<mesh="mesh2", origin=["f"]> (%b) {call_counter = 3 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m2) -> !m2
  %f31 = mpmd.fragment<mesh="mesh3", origin=["f"]> (%c) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m3) -> !m3
  %f32 = mpmd.fragment<mesh="mesh3", origin=["f"]> (%c) {call_counter = 2 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m3) -> !m3
  %f33 = mpmd.fragment<mesh="mesh3", origin=["f"]> (%c) {call_counter = 3 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m3) -> !m3
  return %f11, %f12, %f13, %f21, %f22, %f23, %f31, %f32, %f33 : !m1, !m1, !m1, !m2, !m2, !m2, !m3, !m3, !m3
}

// -----

// Units that depend on each other are never reordered against the
// dataflow, whatever the schedule says (call counter 1 feeds 0 here), and
// fragments that are not scheduling units (no call counter, inferred, or a
// transpose count other than 0 and 1) stay where the dataflow puts them.
!m1 = !mpmd.mesh_tensor<"mesh1", tensor<4xf32>>
// CHECK-LABEL: func.func @dataflow_wins
// CHECK:      %[[A:.*]] = mpmd.fragment<mesh="mesh1", origin=["f"]> (%arg0) {call_counter = 1
// CHECK:      mpmd.fragment<mesh="mesh1", origin=["f"]> (%[[A]]) {call_counter = 0
// CHECK:      mpmd.fragment<mesh="mesh1", origin=[]> (%arg0) {call_counter = 5
// CHECK:      mpmd.fragment<mesh="mesh1", origin=["f"(2)]> (%arg0) {call_counter = 4
// CHECK:      mpmd.fragment<mesh="mesh1", origin=["f"]> (%arg0) (
func.func @dataflow_wins(%a: !m1) -> (!m1, !m1, !m1, !m1) attributes {topology = #mpmd.topology<<"mesh1": <["x"=1]>>>} {
  %f1 = mpmd.fragment<mesh="mesh1", origin=["f"]> (%a) {call_counter = 1 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  %f0 = mpmd.fragment<mesh="mesh1", origin=["f"]> (%f1) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  %i = mpmd.fragment<mesh="mesh1", origin=[]> (%a) {call_counter = 5 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  %t = mpmd.fragment<mesh="mesh1", origin=["f"(2)]> (%a) {call_counter = 4 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  %n = mpmd.fragment<mesh="mesh1", origin=["f"]> (%a) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!m1) -> !m1
  return %f0, %i, %t, %n : !m1, !m1, !m1, !m1
}


// Bad input to sharc pipeline: Shardy's located diagnostics, exit 1, no
// output file; a schedule that does not exist: the list of schedules.
// RUN: echo keep > %t.svg
// An unknown mesh in the assignment: Shardy's error at the computation.
// RUN: not sharc pipeline %S/Inputs/pipeline_two.mlir --assign s0@m0,s1@m7 --svg %t.svg 2>&1 | FileCheck %s --check-prefix=MESH
// RUN: FileCheck %s --check-prefix=KEPT < %t.svg
// A name with no assignment.
// RUN: not sharc pipeline %S/Inputs/pipeline_two.mlir --assign s0@m0 2>&1 | FileCheck %s --check-prefix=UNASSIGNED
// A schedule that does not exist.
// RUN: not sharc pipeline %S/Inputs/pipeline_two.mlir --schedule 2F2B 2>&1 | FileCheck %s --check-prefix=SCHEDULE
// No topology.
// RUN: not sharc pipeline %S/Inputs/pipeline_no_topology.mlir 2>&1 | FileCheck %s --check-prefix=TOPOLOGY
// --microbatches on a module already imported.
// RUN: mpmd_opt %S/Inputs/pipeline_two.mlir -mpmd-import-pipeline='name-to-mesh-assignment=s0@m0/0,s1@m1/1' -o %t.imported.mlir
// RUN: not sharc pipeline %t.imported.mlir --microbatches 2 2>&1 | FileCheck %s --check-prefix=IMPORTED
// Not MLIR, a missing file, bad flags.
// RUN: not sharc pipeline %S/Inputs/not_mlir.txt 2>&1 | FileCheck %s --check-prefix=NOTMLIR
// RUN: not sharc pipeline %t.missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not sharc pipeline %S/Inputs/pipeline_two.mlir --microbatches 0 2>&1 | FileCheck %s --check-prefix=MBS
// RUN: not sharc pipeline %S/Inputs/pipeline_two.mlir --link-bandwidth -3 2>&1 | FileCheck %s --check-prefix=COST
// RUN: not sharc pipeline %S/Inputs/pipeline_two.mlir --device-flops inf 2>&1 | FileCheck %s --check-prefix=FLOPS
// RUN: not sharc pipeline %S/Inputs/pipeline_two.mlir --compare --svg %t.svg 2>&1 | FileCheck %s --check-prefix=COMPARE
// RUN: not sharc pipeline 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not sharc pipeline %S/Inputs/pipeline_two.mlir --frobnicate 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: sharc pipeline --help | FileCheck %s --check-prefix=HELP
// `sharc propagate` reads MPMD programs, and points to `sharc pipeline`.
// RUN: not sharc propagate %S/Inputs/pipeline_two.mlir 2>&1 | FileCheck %s --check-prefix=PROPAGATE

// MESH: pipeline_two.mlir:[[#L:]]:{{[0-9]+}}: error: Topology doesn't have a mesh with name: m7
// MESH-NEXT: %f1:2 = mpmd.named_computation<"s1">
// KEPT: keep
// UNASSIGNED: pipeline_two.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Top-level NamedComputation 's1' is not assigned to a mesh in the user-defined named-to-mesh assignment.
// SCHEDULE: sharc pipeline: error: unknown schedule '2F2B'; the schedules are: none, 1F1B, GPipe, Circular, CircularWithReversedBackward, GPipeBut1F1BForLastMesh, ZeroBubbleH1, ZeroBubbleH2ZeroTxLatency, ZeroBubbleH2HalfTxLatency, ZeroBubbleH2FullTxLatency, ParallelPipelinesWithWrapAround
// TOPOLOGY: pipeline_no_topology.mlir:2:1: error: the module has no function with an MPMD topology
// IMPORTED: pipeline_errors.mlir.tmp.imported.mlir:2:3: error: --microbatches applies to a program of named computations
// NOTMLIR: not_mlir.txt:1:1: error:
// MISSING: missing.mlir: error: could not open input file
// MBS: error: --microbatches takes a count from 1 to 4096, not '0'
// COST: error: --link-bandwidth takes a non-negative number or inf, not '-3'
// FLOPS: error: --device-flops takes a non-negative number, not 'inf'
// COMPARE: error: --compare writes no --svg or -o
// NOFILE: sharc pipeline: error: no FILE given
// UNKNOWN: sharc pipeline: error: unknown option '--frobnicate'
// HELP: usage: sharc pipeline FILE
// PROPAGATE: pipeline_two.mlir:3:1: error: the module is an MPMD program (a function with an mpmd topology) and has no sdy.mesh: 'sharc pipeline' reports its meshes, schedule and memory

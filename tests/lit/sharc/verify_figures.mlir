// sharc verify holds the report's device figures against a run of the
// partitioned program (docs/cli.md, "Where the figures come from"): the
// collectives it lists (kind, runs, bytes each device receives), the bytes
// per device of every argument and result, the peaks and show's blocks.
// RUN: sharc verify %S/Inputs/verify_figures.mlir | FileCheck %s --check-prefix=TEXT
// RUN: sharc verify %S/Inputs/verify_figures.mlir --format json | FileCheck %s --check-prefix=JSON
// RUN: sharc verify %S/Inputs/manual_psum.mlir --seed 7 | FileCheck %s --check-prefix=PSUM
// RUN: sharc propagate %S/Inputs/verify_figures.mlir --color never | FileCheck %s --check-prefix=PROP
// RUN: sharc propagate %S/Inputs/manual_psum.mlir --color never | FileCheck %s --check-prefix=PSUMPROP

// The gather of 6 rows over 4 devices (the partitioner's program also
// gathers the loop's carried value around the while, 3 runs).
// TEXT: result0 {{.*}} equal on every device, bit-exact
// TEXT-NOT: mismatch
// TEXT: figures: 8 collectives of the report, 5 collective runs per device (at most 192 B received by a device); the report's collectives, runs, bytes moved, bytes per device, argument and result peaks and show's blocks agree with the run
// TEXT-NEXT: ok: every device's blocks equal the global program's, and the report agrees

// JSON: "figures": {"mismatches": [], "collectives": 8, "runs_per_device": 5, "bytes_received_per_device_max": 192, "agree": true},
// JSON-NEXT: "ok": true}

// A psum the program already has is a collective of the report too: its
// operand is 4x2 per device (the free axis "y" still splits it).
// PSUM: figures: 1 collectives of the report, 1 collective runs per device (at most 32 B received by a device); the report's collectives
// PSUM-NEXT: ok:

// Rows 2, 2, 2 and 0 (padded to 2) on the 4 devices: each receives the
// other three shards, padded, 3 x 2 x 4 x 4 B.
// PROP: %6 all_gather 'x' P('x', None) P(None, None) {{.*}} 96 B
// PROP: all_gather 1, 96 B per device

// PSUMPROP: all_reduce {{.*}} 32 B

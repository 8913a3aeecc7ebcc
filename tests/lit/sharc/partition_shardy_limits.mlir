// `sharc partition` and `sharc verify` where Shardy's partitioner gives an
// invalid or a wrong program (tests/partitioner/README.md).
//
// A sharded dimension of size 0: sdy_opt, like Shardy, emits an all-gather
// StableHLO refuses (convert_global_to_local_shardy_limits.mlir); `sharc
// partition` unshards such dimensions, which hold nothing on any device.
// RUN: sharc partition %S/Inputs/partition_empty_dim.mlir 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: sharc verify %S/Inputs/partition_empty_dim.mlir | FileCheck %s --check-prefix=EMPTY-VERIFY
// EMPTY: func.func @main(%arg0: tensor<2x0xf32>) -> tensor<2x0xf32>
// EMPTY-NOT: all_gather
// EMPTY: %arg0 {{ *}}tensor<2x0xf32> {{ *}}P(None, None) {{ *}}local tensor<2x0xf32>
// EMPTY-VERIFY: ok:
//
// A sum over a dimension -sdy-pad-for-divisibility pads (6 on 4 devices):
// Shardy adds the padding in; `sharc partition` gathers the reduced
// dimension first.
// RUN: sharc verify %S/Inputs/verify_reduce_padded.mlir | FileCheck %s --check-prefix=REDUCE
// RUN: sharc partition %S/Inputs/verify_reduce_padded.mlir | FileCheck %s --check-prefix=REDUCE-PART
// REDUCE: result0 {{.*}} P(None) local tensor<6xf32>: equal on every device
// REDUCE: ok:
// REDUCE-PART: stablehlo.all_gather
// REDUCE-PART: stablehlo.reduce({{.*}}) applies stablehlo.add across dimensions = [1] : (tensor<6x6xf32>, tensor<f32>)
//
// A reshard from "y":(1)2 to "y" on 6 elements (an all_slice onto a
// dimension already sharded that 4 does not divide): Shardy's program
// differs from the global one, and `sharc verify` says whose limitation it
// is.
// RUN: not sharc verify %S/Inputs/verify_all_slice_padded.mlir | FileCheck %s --check-prefix=SLICE
// RUN: not sharc verify --format json %S/Inputs/verify_all_slice_padded.mlir | FileCheck %s --check-prefix=SLICE-JSON
// SLICE: FAILED: the partitioned program differs
// SLICE-NEXT: note: a limitation of Shardy's partitioner, kept for byte identity: an all_slice or all_to_all onto a dimension already sharded that the new shard count does not divide
// SLICE-JSON: "shardy_limitation": "an all_slice or all_to_all onto a dimension
// SLICE-JSON-NEXT: "ok": false}
//
// A reshard between two orders of the same axes on a dimension they do not
// divide becomes a collective_permute that Shardy's pad-for-divisibility
// leaves unpadded (its verifier then refuses it,
// pad_for_divisibility_collective_permute.mlir); `sharc partition` makes it
// a gather and a slice.
// RUN: sharc verify %S/Inputs/partition_permute_padded.mlir | FileCheck %s --check-prefix=PERMUTE
// PERMUTE: result0 {{.*}} local tensor<8x2xf32>: equal on every device, bit-exact
// PERMUTE: ok:

// `sharc verify` on programs whose sharding Shardy's partitioner keeps but
// does not localise (sdy_opt keeps Shardy's output byte for byte, see
// tests/lit/sdy/export/convert_global_to_local_shardy_limits.mlir): `sharc
// partition` makes those dimensions whole first, so the partitioned program
// computes what the global one does.
// RUN: sharc verify %S/Inputs/verify_reshape_no_common_factor.mlir | FileCheck %s --check-prefix=RESHAPE
// RUN: sharc verify %S/Inputs/verify_dynamic_update_slice.mlir | FileCheck %s --check-prefix=DUS
// RUN: sharc verify %S/Inputs/verify_conv_spatial.mlir | FileCheck %s --check-prefix=CONV
// RUN: sharc verify %S/Inputs/verify_while_sharded.mlir | FileCheck %s --check-prefix=WHILE
// RUN: sharc verify %S/Inputs/verify_dynamic_slice_padded.mlir | FileCheck %s --check-prefix=DS
// RUN: sharc verify %S/Inputs/verify_dynamic_slice_sharded.mlir | FileCheck %s --check-prefix=DSX
// RUN: sharc partition %S/Inputs/verify_while_sharded.mlir | FileCheck %s --check-prefix=LOOP

// RESHAPE: result0 {{.*}} P(None, 'x') local tensor<3x1xf32>: equal on every device, bit-exact
// RESHAPE: ok:

// DUS: result0 {{.*}} P('x') local tensor<1xi32>: equal on every device, bit-exact
// DUS: ok:

// CONV: result0 {{.*}} local tensor<1x4x1x1xf32>: equal on every device
// CONV: ok:

// WHILE: result0 {{.*}} P('x') local tensor<2xi32>: equal on every device, bit-exact
// WHILE: ok:

// DS: result0 {{.*}} local tensor<1x1xf32>: equal on every device, bit-exact
// DS: ok:

// DSX: result0 {{.*}} P('x', None) local tensor<4x2xf32>: equal on every device, bit-exact
// DSX: ok:

// The loop runs on whole values: its operand is gathered, its result sliced.
// LOOP: stablehlo.all_gather
// LOOP: stablehlo.while({{.*}}) : tensor<i64>, tensor<8xi32>
// LOOP: return {{.*}} : tensor<2xi32>

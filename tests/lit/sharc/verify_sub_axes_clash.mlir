// A reshard between sub-axes that overlap but cannot coexist: Shardy's
// reshard-to-collectives makes an all_slice its verifier refuses (sdy_opt
// keeps that error); `sharc partition` reshards through the replicated
// value instead, and the program runs to the global one's values.
// RUN: not sdy_opt %S/Inputs/verify_sub_axes_clash.mlir -sdy-propagation-pipeline -sdy-insert-explicit-reshards=enable-full-version=true -sdy-reshard-to-collectives 2>&1 | FileCheck %s --check-prefix=SHARDY
// RUN: sharc verify %S/Inputs/verify_sub_axes_clash.mlir | FileCheck %s --check-prefix=VERIFY
// RUN: sharc partition %S/Inputs/verify_sub_axes_clash.mlir | FileCheck %s --check-prefix=PROGRAM

// SHARDY: error: 'sdy.all_slice' op overlapping sub-axes: "x":(1)2, "x":(1)3

// VERIFY: %arg0 {{.*}} P('x:(1)2', None) local tensor<1x3xcomplex<f64>>
// VERIFY: %arg1 {{.*}} P(None, 'x:(1)3') local tensor<2x1xcomplex<f64>>
// VERIFY: result0 {{.*}} equal on every device, bit-exact
// VERIFY: figures: {{.*}} agree with the run
// VERIFY-NEXT: ok:

// PROGRAM: func.func @main(%arg0: tensor<1x3xcomplex<f64>>, %arg1: tensor<2x1xcomplex<f64>>) -> tensor<4x3xcomplex<f64>>
// PROGRAM: stablehlo.all_gather
// PROGRAM: stablehlo.concatenate

// RUN: sdy_opt %s -sdy-convert-global-to-local -verify-each=false -mlir-print-assume-verified | FileCheck %s
// RUN: sdy_opt %s -sdy-convert-global-to-local -verify-each=false | FileCheck %s --check-prefix=GENERIC
//
// The source-target pairs Shardy's CollectivePermuteOpPattern computes for
// sub-axes that overlap without nesting (its getOrderedAxisRefs cuts "x"=6
// at pre-sizes 1, 2, 3 and 6: "x":(1)2, "x":(2)1, "x":(3)2; the output
// sharding orders them (3)2, (1)2, (2)1, the input (1)2, (2)1, (3)2, and the
// logical ids collide): devices 2 and 5 are targets twice, and StableHLO's
// verifier refuses the op (convert_global_to_local_shardy_limits.mlir), as
// it refuses Shardy's. Invalid IR prints in generic form, as mlir-opt
// prints it, but for -mlir-print-assume-verified.

sdy.mesh @mesh = <["x"=6]>

// GENERIC: "func.func"() <{{.*}}sym_name = "overlapping"}> ({
// GENERIC: "stablehlo.collective_permute"

// CHECK-LABEL: func @overlapping
// CHECK: "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[0, 2\], \[1, 4\], \[2, 2\], \[3, 5\], \[4, 1\], \[5, 5\]\]}}> : tensor<6x2xi64>}> : (tensor<2xf32>) -> tensor<2xf32>
func.func @overlapping(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(3)2}]>}) {
  %0 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"x":(3)2}]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// Sub-axes that nest ("x":(1)2 and "x":(2)2 cut 4 into 2x2): a true
// permutation, the two halves of the axis swapped.
sdy.mesh @mesh4 = <["x"=4]>

// CHECK-LABEL: func @nested
// CHECK: "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<{{\[\[0, 0\], \[1, 2\], \[2, 1\], \[3, 3\]\]}}> : tensor<4x2xi64>}> : (tensor<2xf32>) -> tensor<2xf32>
func.func @nested(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh4, [{"x":(1)2}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh4, [{"x":(2)2}]>}) {
  %0 = sdy.collective_permute %arg0 out_sharding=<@mesh4, [{"x":(2)2}]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

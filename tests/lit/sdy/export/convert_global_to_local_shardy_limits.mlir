// RUN: sdy_opt %s -split-input-file -sdy-convert-global-to-local -verify-diagnostics | FileCheck %s
//
// What Shardy's convert-global-to-local does with shardings it keeps but
// does not localise (sdy_opt keeps it, byte for byte; `sharc partition`
// makes these dimensions whole before partitioning, see
// tests/partitioner/README.md): a reshape whose only sharded factor is on
// one side, the slicing dimension of a dynamic_update_slice, a sharded
// dynamic_slice (its slice_sizes stay global), and a while's loop-carried
// value (its region arguments keep their global types).

sdy.mesh @mesh = <["x"=2]>

// 2x3 -> 3x2: the rule ([i, k])->([j, l]) has no common factor, so
// insert-explicit-reshards leaves the rows sharded and the local reshape
// fails to verify.
func.func @reshape_no_common_factor(%arg0: tensor<2x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<3x2xf32> {
  // expected-error @+1 {{number of output elements (6) doesn't match expected number of elements (3)}}
  %0 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

sdy.mesh @mesh = <["x"=4]>

// The local op gets the global start index.
// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK-SAME: (%arg0: tensor<2xi32> {{.*}}, %arg1: tensor<1xi32>, %arg2: tensor<i64>)
// CHECK-NEXT: stablehlo.dynamic_update_slice %arg0, %arg1, %arg2 {{.*}} : (tensor<2xi32>, tensor<1xi32>, tensor<i64>) -> tensor<2xi32>
func.func @dynamic_update_slice(%arg0: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: tensor<1xi32>, %arg2: tensor<i64>) -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8xi32>, tensor<1xi32>, tensor<i64>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

sdy.mesh @mesh = <["x"=4]>

func.func @while_sharded(%arg0: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  // expected-error @+1 {{expect operands to be compatible with condition block arguments but got 'tensor<i64>', 'tensor<2xi32>' vs 'tensor<i64>', 'tensor<8xi32>'}}
  %0:2 = stablehlo.while(%i = %c0, %v = %arg0) : tensor<i64>, tensor<8xi32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"x"}]>]>}
   cond {
    %c3 = stablehlo.constant dense<3> : tensor<i64>
    %p = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i64>
    %n = stablehlo.add %i, %c1 : tensor<i64>
    %w = stablehlo.add %v, %v {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<8xi32>
    stablehlo.return %n, %w : tensor<i64>, tensor<8xi32>
  }
  return %0#1 : tensor<8xi32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @dynamic_slice(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<i32>) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  // expected-error @+2 {{has slice size 8 greater than dimension size 4 in dimension 0 of operand}}
  // expected-error @+1 {{'stablehlo.dynamic_slice' op failed to infer returned types}}
  %0 = stablehlo.dynamic_slice %arg0, %c, %arg1, sizes = [8, 2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

// -----

// A dimension of size 0 sharded: the all-gather that makes it whole has a
// zero-sized all_gather_dim, which StableHLO's verifier refuses (Shardy's
// output fails to verify the same way; `sharc partition` unshards such
// dimensions first, see tests/lit/sharc/partition_shardy_limits.mlir).
sdy.mesh @mesh = <["x"=2]>

func.func @all_gather_empty_dim(%arg0: tensor<2x0xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<2x0xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  // expected-error @+1 {{dimension size of operand at 'all_gather_dim' cannot be zero}}
  %0 = sdy.all_gather [{}, {"x"}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<2x0xf32>
  return %0 : tensor<2x0xf32>
}

// -----

// Sub-axes that overlap without nesting ("x":(1)2 is the major 2 of 6 =
// 2x3, "x":(3)2 the minor 2 of 6 = 3x2): Shardy's getOrderedAxisRefs cuts
// "x" at pre-sizes 1, 2, 3 and 6, into "x":(1)2, "x":(2)1 and "x":(3)2, whose
// shard indices are no mixed radix of the devices, so two devices get the
// same target and the collective_permute fails to verify, as Shardy's does.
sdy.mesh @mesh = <["x"=6]>

func.func @collective_permute_overlapping_sub_axes(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(3)2}]>}) {
  // expected-error @+1 {{duplicate targets not allowed.}}
  %0 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"x":(3)2}]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// RUN: sdy_opt %s -sdy-convert-global-to-local -split-input-file -verify-diagnostics
// RUN: not sdy_opt %s -split-input-file -sdy-convert-global-to-local="replica-count=2 partition-count=2" 2>&1 | FileCheck %s --check-prefix=COUNTS

// COUNTS: error: Shardy partitioner convert_global_to_local does not support both replica_count > 1 and partition_count > 1 yet.

sdy.mesh @mesh = <["x"=2]>

// A dimension the sharding does not divide needs -sdy-pad-for-divisibility
// first (Shardy aborts on a failed check here).
// expected-error @+2 {{failed to compute local type due to non-divisible sharding: dimension 0 of size 7 is sharded 2 ways}}
// expected-error @+1 {{failed to legalize operation 'func.func' that was explicitly marked illegal}}
func.func @non_divisible(%arg0: tensor<7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<7xf32> {
  return %arg0 : tensor<7xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

// An sdy op the partitioner has no rewrite for must be gone before it runs.
func.func @reshard_left(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{failed to legalize operation 'sdy.reshard' that was explicitly marked illegal}}
  %0 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

// The input of a reduce-scatter must be sharded on a mesh (Shardy
// dereferences the missing sharding).
func.func @reduce_scatter_unsharded_input(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{'sdy.reduce_scatter' op failed to resolve mesh}}
  // expected-error @+1 {{failed to legalize operation 'sdy.reduce_scatter' that was explicitly marked illegal}}
  %0 = sdy.reduce_scatter [{"x"}] %arg0 out_sharding=<@mesh, [{"x"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @slice_needs_communication(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf32> {
  // expected-error @+2 {{'stablehlo.slice' op dimension 0 is sharded but the slice is not a full slice and requires device communication.}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.slice' that was explicitly marked illegal}}
  %0 = stablehlo.slice %arg0 [2:6] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @pad_mismatched_axes(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<12xf32> {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+2 {{'stablehlo.pad' op dimension 0 has mismatched sharding axes (["x"] vs ["y"]). This requires a reshard collective which should have been handled by previous passes.}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.pad' that was explicitly marked illegal}}
  %0 = stablehlo.pad %arg0, %cst, low = [2], high = [2], interior = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : (tensor<8xf32>, tensor<f32>) -> tensor<12xf32>
  return %0 : tensor<12xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @dot_without_all_reduce(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<4x4xf32> {
  // expected-error @+2 {{'stablehlo.dot' op Expected sharded contracting dot to have one user and the user is an sdy.all_reduce.}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.dot' that was explicitly marked illegal}}
  %0 = stablehlo.dot %arg0, %arg1 : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// A mesh whose device tables would not fit in memory.
// expected-error @+1 {{'sdy.mesh' op has 1099511627776 devices, more than the 1048576 the partitioner supports}}
sdy.mesh @huge = <["x"=1048576, "y"=1048576]>

// -----

sdy.mesh @mesh = <["x"=2]>

// f8E8M0FNU has no negative values, so a maximum has no identity (Shardy's
// APFloat::getLargest(negative) aborts here).
func.func @scatter_maximum_unsigned_float(%arg0: tensor<4xf8E8M0FNU>, %arg1: tensor<2x1xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<2xf8E8M0FNU> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf8E8M0FNU> {
  // expected-error @+2 {{failed to get scatter reduction identity.}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.scatter' that was explicitly marked illegal}}
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%a: tensor<f8E8M0FNU>, %b: tensor<f8E8M0FNU>):
    %1 = stablehlo.maximum %a, %b : tensor<f8E8M0FNU>
    stablehlo.return %1 : tensor<f8E8M0FNU>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xf8E8M0FNU>, tensor<2x1xi64>, tensor<2xf8E8M0FNU>) -> tensor<4xf8E8M0FNU>
  %2 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<4xf8E8M0FNU>
  return %2 : tensor<4xf8E8M0FNU>
}

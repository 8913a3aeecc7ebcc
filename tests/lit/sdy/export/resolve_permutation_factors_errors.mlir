// RUN: not sdy_opt %s -sdy-resolve-permutation-factors="replica-count=2 partition-count=2" -o %t 2>&1 | FileCheck %s
// RUN: not test -e %t

// A halo exchange needs the device id, which Shardy can only take from
// either replicas or partitions; with both counts above one it stops
// (a failed check there), sharc reports it at the op.

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @pad(%arg0: tensor<4x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<7x8xi32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  // CHECK: resolve_permutation_factors_errors.mlir:[[@LINE+1]]:8: error: Shardy partitioner does not support replica_count > 1 && partition_count > 1 yet.
  %0 = stablehlo.pad %arg0, %c, low = [-1, 0], high = [4, 0], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<4x8xi32>, tensor<i32>) -> tensor<7x8xi32>
  return %0 : tensor<7x8xi32>
}

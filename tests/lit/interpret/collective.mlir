// RUN: stablehlo-translate --interpret -split-input-file %s

// Two replicas and two partitions: each device runs the same program, the
// collectives exchange values between them.
module @grid {
  func.func @device(%x: tensor<2xi64>) -> (tensor<2xi64>, tensor<4xi64>, tensor<1xi64>, tensor<ui32>, tensor<ui32>) {
    %sum = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
    %g = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>,
      use_global_device_ids} : (tensor<2xi64>) -> tensor<4xi64>
    %rs = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.maximum %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<1xi64>
    %r = stablehlo.replica_id : tensor<ui32>
    %p = stablehlo.partition_id : tensor<ui32>
    func.return %sum, %g, %rs, %r, %p : tensor<2xi64>, tensor<4xi64>, tensor<1xi64>, tensor<ui32>, tensor<ui32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
    %b = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
    %c = stablehlo.constant dense<[100, 200]> : tensor<2xi64>
    %d = stablehlo.constant dense<[1000, 2000]> : tensor<2xi64>
    %r:20 = "interpreter.run_parallel"(%a, %b, %c, %d) {
      programs = [[@device, @device], [@device, @device]]
    } : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) ->
        (tensor<2xi64>, tensor<4xi64>, tensor<1xi64>, tensor<ui32>, tensor<ui32>,
         tensor<2xi64>, tensor<4xi64>, tensor<1xi64>, tensor<ui32>, tensor<ui32>,
         tensor<2xi64>, tensor<4xi64>, tensor<1xi64>, tensor<ui32>, tensor<ui32>,
         tensor<2xi64>, tensor<4xi64>, tensor<1xi64>, tensor<ui32>, tensor<ui32>)
    // cross-replica: (replica 0, partition 0) pairs with (replica 1, partition 0)
    check.expect_eq_const %r#0, dense<[101, 202]> : tensor<2xi64>
    check.expect_eq_const %r#5, dense<[1010, 2020]> : tensor<2xi64>
    check.expect_eq_const %r#10, dense<[101, 202]> : tensor<2xi64>
    // flattened ids: {0, 1} are replica 0's two partitions, {2, 3} replica 1's
    check.expect_eq_const %r#1, dense<[1, 2, 10, 20]> : tensor<4xi64>
    check.expect_eq_const %r#6, dense<[1, 2, 10, 20]> : tensor<4xi64>
    check.expect_eq_const %r#11, dense<[100, 200, 1000, 2000]> : tensor<4xi64>
    check.expect_eq_const %r#2, dense<[100]> : tensor<1xi64>
    check.expect_eq_const %r#12, dense<[200]> : tensor<1xi64>
    check.expect_eq_const %r#13, dense<1> : tensor<ui32>
    check.expect_eq_const %r#19, dense<1> : tensor<ui32>
    check.expect_eq_const %r#4, dense<0> : tensor<ui32>
    func.return
  }
}

// -----

module @permute_and_all_to_all {
  func.func @device(%x: tensor<2x2xi32>) -> (tensor<2x2xi32>, tensor<4x1xi32>) {
    %p = "stablehlo.collective_permute"(%x) {
      source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2x2xi32>) -> tensor<2x2xi32>
    %t = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64,
      split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi32>) -> tensor<4x1xi32>
    func.return %p, %t : tensor<2x2xi32>, tensor<4x1xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    %b = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
    %r:4 = "interpreter.run_parallel"(%a, %b) {programs = [[@device], [@device]]} :
      (tensor<2x2xi32>, tensor<2x2xi32>) -> (tensor<2x2xi32>, tensor<4x1xi32>, tensor<2x2xi32>, tensor<4x1xi32>)
    // replica 0 has no source: zeros; replica 1 receives replica 0's operand
    check.expect_eq_const %r#0, dense<0> : tensor<2x2xi32>
    check.expect_eq_const %r#2, dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    check.expect_eq_const %r#1, dense<[[1], [3], [5], [7]]> : tensor<4x1xi32>
    check.expect_eq_const %r#3, dense<[[2], [4], [6], [8]]> : tensor<4x1xi32>
    func.return
  }
}

// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// StableHLO's replica_groups rules for the collectives.

func.func @rank(%b: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @below {{replica groups should be a rank 2 tensor}}
  %0 = "stablehlo.all_gather"(%b) {all_gather_dim = 0 : i64, replica_groups = dense<[0, 1]> : tensor<2xi64>} : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @duplicate(%b: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @below {{replica id #1 seen more than once}}
  %0 = "stablehlo.all_gather"(%b) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @padding_in_uniform(%b: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @below {{Invalid replica id -1}}
  %0 = "stablehlo.all_gather"(%b) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @missing(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{replica id #1 not seen in replica groups}}
  %0 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 2], [3, -1]]> : tensor<2x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @global_empty(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{if `use_global_device_ids` is set, the replica groups cannot be empty}}
  %0 = "stablehlo.all_reduce"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<> : tensor<0x0xi64>, use_global_device_ids}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @group_size(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{group size of replica_groups must be 2}}
  %0 = "stablehlo.all_to_all"(%a) {concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>, split_count = 2 : i64, split_dimension = 0 : i64} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @valid(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 2], [1, -1]]> : tensor<2x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

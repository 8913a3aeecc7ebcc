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
  // expected-error @+2 {{failed to infer returned types}}
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

// -----

func.func @permute_rank(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{expect source_target_pairs attribute to be of rank 2, but got rank 1}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[0, 1]> : tensor<2xi64>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @permute_shape(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{expect source_target_pairs attribute of shape (N, 2), but got (1, 3)}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @permute_negative(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{replica ids in source_target_pairs must be >= 0.}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @permute_sources(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{duplicate sources not allowed.}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @permute_targets(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @below {{duplicate targets not allowed.}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

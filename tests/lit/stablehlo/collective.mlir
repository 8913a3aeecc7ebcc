// RUN: sdy_opt %s | FileCheck %s
// RUN: sdy_opt %s > %t.1 && sdy_opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: sdy_opt %s -mlir-print-op-generic > %t.g && mlir-opt-22 --allow-unregistered-dialect -mlir-print-op-generic %t.g | diff %t.g -
// RUN: sdy_opt %t.g | diff %t.1 -
// Collectives, channels, tokens and the mesh/axis attributes of
// replica_group_mesh_axes.

// CHECK-LABEL: func.func @collectives
func.func @collectives(%a: tensor<8xf32>, %b: tensor<4xf32>) -> tensor<8xf32> {
  // CHECK: "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
  %0 = "stablehlo.all_reduce"(%a) <{channel_handle = #stablehlo.channel_handle<type = 0, handle = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<8xf32>) -> tensor<8xf32>
  // CHECK: "stablehlo.all_gather"(%arg1) <{all_gather_dim = 0 : i64, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<8xf32>
  %1 = "stablehlo.all_gather"(%b) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<8xf32>
  // CHECK: "stablehlo.all_to_all"(%arg0) <{concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<8xf32>) -> tensor<8xf32>
  %2 = "stablehlo.all_to_all"(%a) {concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64} : (tensor<8xf32>) -> tensor<8xf32>
  // CHECK: "stablehlo.reduce_scatter"(%arg0) <{replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64}> ({
  %3 = "stablehlo.reduce_scatter"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<8xf32>) -> tensor<4xf32>
  // CHECK: "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<8xf32>) -> tensor<8xf32>
  %4 = "stablehlo.collective_permute"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<8xf32>) -> tensor<8xf32>
  // CHECK: "stablehlo.collective_broadcast"(%arg0) <{replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<8xf32>) -> tensor<8xf32>
  %5 = "stablehlo.collective_broadcast"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<8xf32>) -> tensor<8xf32>
  // CHECK: replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "y", sub_axis_info = (1)2>]>
  %6 = "stablehlo.all_reduce"(%a) <{replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "y", sub_axis_info = (1)2>]>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<8xf32>) -> tensor<8xf32>
  // Inline meshes: axes print stripped, with no space around `=`.
  // CHECK: #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "x", size = 2>, <name = "y", size = 4>], device_ids=dense<[1, 0, 3, 2, 5, 4, 7, 6]> : tensor<8xi64>>, axes = [#stablehlo.axis_ref<name = "x">]>
  %7 = "stablehlo.all_gather"(%b) <{all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>, <name = "y", size = 4>], device_ids = dense<[1, 0, 3, 2, 5, 4, 7, 6]> : tensor<8xi64>>, axes = [#stablehlo.axis_ref<name = "x">]>}> : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// CHECK-LABEL: func.func @tokens
func.func @tokens(%a: tensor<8xf32>) -> !stablehlo.token {
  // CHECK: %0 = stablehlo.create_token : !stablehlo.token
  %0 = stablehlo.create_token : !stablehlo.token
  // CHECK: %1 = stablehlo.after_all %0, %0 : !stablehlo.token
  %1 = stablehlo.after_all %0, %0 : !stablehlo.token
  // CHECK: "stablehlo.send"(%arg0, %1) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 2>, is_host_transfer = true}> : (tensor<8xf32>, !stablehlo.token) -> !stablehlo.token
  %2 = "stablehlo.send"(%a, %1) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 2>, is_host_transfer = true} : (tensor<8xf32>, !stablehlo.token) -> !stablehlo.token
  // CHECK: "stablehlo.recv"(%2) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
  %3:2 = "stablehlo.recv"(%2) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
  // CHECK: stablehlo.partition_id : tensor<ui32>
  %4 = stablehlo.partition_id : tensor<ui32>
  // CHECK: stablehlo.replica_id : tensor<ui32>
  %5 = stablehlo.replica_id : tensor<ui32>
  // CHECK: "stablehlo.outfeed"(%arg0, %3#1) <{outfeed_config = ""}> : (tensor<8xf32>, !stablehlo.token) -> !stablehlo.token
  %6 = "stablehlo.outfeed"(%a, %3#1) {outfeed_config = ""} : (tensor<8xf32>, !stablehlo.token) -> !stablehlo.token
  // CHECK: "stablehlo.infeed"(%6) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
  %7:2 = "stablehlo.infeed"(%6) {infeed_config = ""} : (!stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
  return %7#1 : !stablehlo.token
}

// Bounded dimensions in tensor encodings.
// CHECK-LABEL: func.func @bounds
// CHECK-SAME: tensor<?xf32, #stablehlo.bounds<16>>
func.func @bounds(%a: tensor<?xf32, #stablehlo.bounds<16>>, %b: tensor<2x?xf32, #stablehlo.type_extensions<bounds = [?, 4]>>) -> tensor<?xf32, #stablehlo.bounds<16>> {
  // CHECK: stablehlo.abs %arg0 : tensor<?xf32, #stablehlo.bounds<16>>
  %0 = stablehlo.abs %a : tensor<?xf32, #stablehlo.bounds<16>>
  // CHECK: tensor<2x?xf32, #stablehlo.bounds<?, 4>>
  %1 = stablehlo.abs %b : tensor<2x?xf32, #stablehlo.bounds<?, 4>>
  return %0 : tensor<?xf32, #stablehlo.bounds<16>>
}

func.func private @mesh()

// RUN: sdy_opt %s -sdy-convert-global-to-local | FileCheck %s

// Device tables and replica groups follow the mesh, its explicit device order,
// and the axes of each collective.

// CHECK-LABEL: func.func @all_gather_two_dims
// CHECK-NEXT{LITERAL}: %0 = stablehlo.reshape %arg0 : (tensor<4x4xf32>) -> tensor<1x4x4xf32>
// CHECK-NEXT{LITERAL}: %1 = "stablehlo.all_gather"(%0) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x4x4xf32>) -> tensor<4x4x4xf32>
// CHECK-NEXT{LITERAL}: %2 = stablehlo.reshape %1 : (tensor<4x4x4xf32>) -> tensor<2x2x4x4xf32>
// CHECK-NEXT{LITERAL}: %3 = stablehlo.transpose %2, dims = [0, 2, 1, 3] : (tensor<2x2x4x4xf32>) -> tensor<2x4x2x4xf32>
// CHECK-NEXT{LITERAL}: %4 = stablehlo.reshape %3 : (tensor<2x4x2x4xf32>) -> tensor<8x8xf32>
// CHECK-NEXT{LITERAL}: return %4 : tensor<8x8xf32>
// CHECK-LABEL: func.func @all_to_all_device_ids
// CHECK-NEXT{LITERAL}: %0 = "stablehlo.all_to_all"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[3, 2], [1, 0]]> : tensor<2x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<4x8xf32>) -> tensor<8x4xf32>
// CHECK-NEXT{LITERAL}: return %0 : tensor<8x4xf32>
// CHECK-LABEL: func.func @permute
// CHECK-NEXT{LITERAL}: %0 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<[[0, 0], [1, 2], [2, 1], [3, 3]]> : tensor<4x2xi64>}> : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT{LITERAL}: return %0 : tensor<2xf32>
// CHECK-LABEL: func.func @iota_sharded
// CHECK-NEXT{LITERAL}: %0 = stablehlo.iota dim = 0 : tensor<4xi32>
// CHECK-NEXT{LITERAL}: %1 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT{LITERAL}: %2 = stablehlo.convert %1 : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT{LITERAL}: %c = stablehlo.constant dense<[0, 4, 0, 4]> : tensor<4xi64>
// CHECK-NEXT{LITERAL}: %3 = stablehlo.dynamic_slice %c, %2, sizes = [1] : (tensor<4xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT{LITERAL}: %4 = stablehlo.reshape %3 : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT{LITERAL}: %5 = stablehlo.convert %4 : (tensor<i64>) -> tensor<i32>
// CHECK-NEXT{LITERAL}: %6 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<i32>) -> tensor<4xi32>
// CHECK-NEXT{LITERAL}: %7 = stablehlo.add %0, %6 : tensor<4xi32>
// CHECK-NEXT{LITERAL}: return %7 : tensor<4xi32>
// CHECK-LABEL: func.func @reduce_scatter_two_dims
// CHECK-NEXT{LITERAL}: %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
// CHECK-NEXT{LITERAL}: ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT{LITERAL}:   %10 = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT{LITERAL}:   stablehlo.return %10 : tensor<f32>
// CHECK-NEXT{LITERAL}: }) : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT{LITERAL}: %1 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT{LITERAL}: %2 = stablehlo.convert %1 : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT{LITERAL}: %c = stablehlo.constant dense<[0, 0, 4, 4]> : tensor<4xi64>
// CHECK-NEXT{LITERAL}: %3 = stablehlo.dynamic_slice %c, %2, sizes = [1] : (tensor<4xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT{LITERAL}: %4 = stablehlo.reshape %3 : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT{LITERAL}: %5 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT{LITERAL}: %6 = stablehlo.convert %5 : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT{LITERAL}: %c_0 = stablehlo.constant dense<[0, 4, 0, 4]> : tensor<4xi64>
// CHECK-NEXT{LITERAL}: %7 = stablehlo.dynamic_slice %c_0, %6, sizes = [1] : (tensor<4xi64>, tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT{LITERAL}: %8 = stablehlo.reshape %7 : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT{LITERAL}: %9 = stablehlo.dynamic_slice %0, %4, %8, sizes = [4, 4] : (tensor<8x8xf32>, tensor<i64>, tensor<i64>) -> tensor<4x4xf32>
// CHECK-NEXT{LITERAL}: return %9 : tensor<4x4xf32>

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @ids = <["x"=2, "y"=2], device_ids=[3, 1, 2, 0]>

func.func @all_gather_two_dims(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.all_gather [{"x"}, {"y"}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

func.func @all_to_all_device_ids(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@ids, [{"x"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@ids, [{}, {"x"}]>}) {
  %0 = sdy.all_to_all [{"x"}: 0->1] %arg0 out_sharding=<@ids, [{}, {"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

func.func @permute(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x"}]>}) {
  %0 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"y", "x"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func @iota_sharded() -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  %0 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : tensor<8xi32>
  return %0 : tensor<8xi32>
}

func.func @reduce_scatter_two_dims(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = sdy.reduce_scatter [{"x"}, {"y"}] %arg0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

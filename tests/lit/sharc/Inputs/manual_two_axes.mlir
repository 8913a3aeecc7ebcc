// A shard_map over both axes of a 2x2 mesh: each device adds its partition
// id to its block and a psum over both axes (one replica group of all four
// devices) adds every device's block sum.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x4xi32>, tensor<4x2xi32>) {
  %0:2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"y"}, {"x"}]>, <@mesh, [{}, {}]>] manual_axes={"x", "y"} (%arg1: tensor<4x2xi32>) {
    %1 = stablehlo.partition_id : tensor<ui32>
    %2 = stablehlo.convert %1 : (tensor<ui32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<4x2xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<4x2xi32>
    %5 = "stablehlo.all_reduce"(%arg1) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
    }) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids} : (tensor<4x2xi32>) -> tensor<4x2xi32>
    sdy.return %4, %5 : tensor<4x2xi32>, tensor<4x2xi32>
  } : (tensor<8x4xi32>) -> (tensor<8x4xi32>, tensor<4x2xi32>)
  return %0#0, %0#1 : tensor<8x4xi32>, tensor<4x2xi32>
}

// A shard_map over both axes of a mesh whose device ids are not in mesh
// order: partition p runs the block of the device with id p, wherever the
// mesh puts it, and the psum over "x" names device ids in its groups.
sdy.mesh @mesh = <["x"=2, "y"=2], device_ids=[3, 1, 2, 0]>

func.func @main(%arg0: tensor<4x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<4x4xi32>, tensor<2x4xi32>) {
  %0:2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>, <@mesh, [{}, {"y"}]>] manual_axes={"x", "y"} (%arg1: tensor<2x2xi32>) {
    %1 = stablehlo.partition_id : tensor<ui32>
    %2 = stablehlo.convert %1 : (tensor<ui32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
    %4 = stablehlo.multiply %arg1, %3 : tensor<2x2xi32>
    %5 = "stablehlo.all_reduce"(%arg1) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.maximum %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
    }) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[3, 2], [1, 0]]> : tensor<2x2xi64>, use_global_device_ids} : (tensor<2x2xi32>) -> tensor<2x2xi32>
    sdy.return %4, %5 : tensor<2x2xi32>, tensor<2x2xi32>
  } : (tensor<4x4xi32>) -> (tensor<4x4xi32>, tensor<2x4xi32>)
  return %0#0, %0#1 : tensor<4x4xi32>, tensor<2x4xi32>
}

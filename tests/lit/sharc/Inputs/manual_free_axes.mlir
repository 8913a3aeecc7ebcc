// A shard_map over "x" whose in and out shardings leave their free axes
// open: propagation puts "y" on them (the contraction then needs an
// all-reduce over "y" the partitioner adds), and the body's own psum over
// "x" is a max-all-reduce with groups of device ids.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<4x4xf32>) -> tensor<8x4xf32> {
  %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x", ?}, {?}]>, <@mesh, [{?}, {?}]>] out_shardings=[<@mesh, [{"x", ?}, {?}]>] manual_axes={"x"} (%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) {
    %1 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %2 = "stablehlo.all_reduce"(%1) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %s = stablehlo.maximum %p, %q : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %3 = stablehlo.subtract %1, %2 : tensor<4x4xf32>
    sdy.return %3 : tensor<4x4xf32>
  } : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
  %4 = stablehlo.negate %0 : tensor<8x4xf32>
  return %4 : tensor<8x4xf32>
}

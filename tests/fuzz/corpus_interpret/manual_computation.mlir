// sdy.manual_computation (shard_map) run by the interpreter: one manual
// axis with a psum over it, two manual axes, a nested one, an unreduced
// result, device ids out of mesh order.
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main() -> (tensor<4x4xi32>, tensor<2x4xi32>) {
  %c = stablehlo.iota dim = 0 : tensor<4x4xi32>
  %0:2 = sdy.manual_computation(%c) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{}, {}]>] manual_axes={"x"} (%a: tensor<2x4xi32>) {
    %1 = stablehlo.multiply %a, %a : tensor<2x4xi32>
    %2 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%p: tensor<i32>, %q: tensor<i32>):
      %s = stablehlo.add %p, %q : tensor<i32>
      stablehlo.return %s : tensor<i32>
    }) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids} : (tensor<2x4xi32>) -> tensor<2x4xi32>
    sdy.return %1, %2 : tensor<2x4xi32>, tensor<2x4xi32>
  } : (tensor<4x4xi32>) -> (tensor<4x4xi32>, tensor<2x4xi32>)
  return %0#0, %0#1 : tensor<4x4xi32>, tensor<2x4xi32>
}
// -----
sdy.mesh @mesh = <["x"=2, "y"=2], device_ids=[3, 1, 2, 0]>
func.func @main() -> tensor<4x4xi32> {
  %c = stablehlo.iota dim = 1 : tensor<4x4xi32>
  %0 = sdy.manual_computation(%c) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"y"}, {"x"}]>] manual_axes={"x", "y"} (%a: tensor<2x2xi32>) {
    %1 = stablehlo.partition_id : tensor<ui32>
    %2 = stablehlo.convert %1 : (tensor<ui32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
    %4 = stablehlo.add %a, %3 : tensor<2x2xi32>
    sdy.return %4 : tensor<2x2xi32>
  } : (tensor<4x4xi32>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}
// -----
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main() -> tensor<8x8xi32> {
  %c = stablehlo.iota dim = 0 : tensor<8x8xi32>
  %0 = sdy.manual_computation(%c) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%a: tensor<4x8xi32>) {
    %1 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{}, {"y"}]>] out_shardings=[<@mesh, [{}, {"y"}]>] manual_axes={"y"} (%b: tensor<4x4xi32>) {
      %2 = stablehlo.add %b, %b : tensor<4x4xi32>
      sdy.return %2 : tensor<4x4xi32>
    } : (tensor<4x8xi32>) -> tensor<4x8xi32>
    sdy.return %1 : tensor<4x8xi32>
  } : (tensor<8x8xi32>) -> tensor<8x8xi32>
  return %0 : tensor<8x8xi32>
}
// -----
sdy.mesh @mesh = <["x"=4]>
func.func @main() -> tensor<4xf32> {
  %c = stablehlo.constant dense<1.5> : tensor<8x4xf32>
  %0 = sdy.manual_computation(%c) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}], unreduced={"x"}>] manual_axes={"x"} (%a: tensor<2x4xf32>) {
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %1 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func private @inner(%a: tensor<4x8xi32>) -> tensor<4x8xi32> {
  %1 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{}, {"y"}]>] out_shardings=[<@mesh, [{}, {"y"}]>] manual_axes={"y"} (%b: tensor<4x4xi32>) {
    %2 = stablehlo.partition_id : tensor<ui32>
    %3 = stablehlo.convert %2 : (tensor<ui32>) -> tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %5 = stablehlo.multiply %b, %4 : tensor<4x4xi32>
    sdy.return %5 : tensor<4x4xi32>
  } : (tensor<4x8xi32>) -> tensor<4x8xi32>
  return %1 : tensor<4x8xi32>
}

func.func @main(%arg0: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x8xi32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%a: tensor<4x8xi32>) {
    %1 = func.call @inner(%a) : (tensor<4x8xi32>) -> tensor<4x8xi32>
    %6 = stablehlo.add %1, %a : tensor<4x8xi32>
    sdy.return %6 : tensor<4x8xi32>
  } : (tensor<8x8xi32>) -> tensor<8x8xi32>
  return %0 : tensor<8x8xi32>
}

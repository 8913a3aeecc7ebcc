// A shard_map whose result is unreduced over its manual axis: the global
// value is the sum of every device's partial sum, which the reshard to
// replicated makes an all-reduce in the partitioned program.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<4xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}], unreduced={"x"}>] manual_axes={"x"} (%a: tensor<4x4xf32>) {
    %c = stablehlo.constant dense<0.0> : tensor<f32>
    %1 = stablehlo.reduce(%a init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8x4xf32>) -> tensor<4xf32>
  %r = sdy.reshard %0 <@mesh, [{}]> : tensor<4xf32>
  %2 = stablehlo.negate %r : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// A module with what the bundled example lacks: a non-divisible
// dimension, a sub-axis, an unreduced axis, element types of other sizes,
// a loop, a reshard the user wrote, a second function and a rank-3 value.
sdy.mesh @mesh = <["x"=4, "y"=2]>
sdy.mesh @wide = <["p"=8]>
func.func @main(%arg0: tensor<6x8xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>} loc("tokens"),
                %arg1: tensor<8x16xi1> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x":(1)2, "y"}]>} loc("mask"),
                %arg2: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}], unreduced={"x"}>},
                %arg3: tensor<4x8x16xi4> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}]>} loc("packed"),
                %arg4: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@wide, [{"p"}, {}]>},
                %arg5: tensor<4x4x4xcomplex<f32>> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"x":(2)2}, {"y"}]>} loc("cube"))
    -> (tensor<6x8xbf16> {jax.result_info = "out"}, tensor<16x4xf32>,
        tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}], unreduced={"x"}>}) {
  %0 = stablehlo.add %arg0, %arg0 : tensor<6x8xbf16> loc("m.py":3:5)
  %1 = sdy.reshard %0 <@mesh, [{}, {"y"}]> : tensor<6x8xbf16> loc("m.py":4:5)
  %c = stablehlo.constant dense<0> : tensor<i32>
  %2:2 = stablehlo.while(%it = %c, %v = %1) : tensor<i32>, tensor<6x8xbf16>
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %it, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %it, %c1 : tensor<i32>
    %w = stablehlo.multiply %v, %v : tensor<6x8xbf16> loc("m.py":8:7)
    stablehlo.return %n, %w : tensor<i32>, tensor<6x8xbf16>
  }
  %3 = func.call @helper(%arg4) : (tensor<16x4xf32>) -> tensor<16x4xf32>
  return %2#1, %3, %arg2 : tensor<6x8xbf16>, tensor<16x4xf32>, tensor<16x4xf32>
}
func.func private @helper(%a: tensor<16x4xf32>) -> tensor<16x4xf32> {
  %0 = stablehlo.negate %a : tensor<16x4xf32> loc("m.py":20:3)
  return %0 : tensor<16x4xf32>
}

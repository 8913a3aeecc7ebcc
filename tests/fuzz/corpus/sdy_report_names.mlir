//!propagate
//!value @main:%0
//!value @helper:%arg0
//!value %1#1
//!value m.py:3:5
//!value m.py:3
//!value tokens
//!value result1
//!value arg1
//!value 2
sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @main(%arg0: tensor<6x8xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>} loc("tokens"),
                %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>})
    -> (tensor<6x8xbf16> {jax.result_info = "out"}, tensor<16x4xf32>) {
  %0 = stablehlo.add %arg0, %arg0 : tensor<6x8xbf16> loc("m.py":3:5)
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"y"}]> : tensor<6x8xbf16> loc("m.py":4:5)
  %2 = func.call @helper(%arg1) : (tensor<16x4xf32>) -> tensor<16x4xf32>
  return %1, %2 : tensor<6x8xbf16>, tensor<16x4xf32>
}
func.func private @helper(%arg0: tensor<16x4xf32>) -> tensor<16x4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<16x4xf32> loc("m.py":20:3)
  return %0 : tensor<16x4xf32>
}

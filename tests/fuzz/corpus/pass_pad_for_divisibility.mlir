//!sdy-pad-for-divisibility
sdy.mesh @mesh = <["x"=4]>

func.func @all_to_all_padded(%arg0: tensor<6x8xf32>) -> tensor<6x8xf32> {
  %0 = sdy.all_slice [{"x"}, {}] %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<6x8xf32>
  %1 = sdy.all_to_all [{"x"}: 0->1] %0 out_sharding=<@mesh, [{}, {"x"}]> : tensor<6x8xf32>
  %2 = sdy.all_gather [{}, {"x"}] %1 out_sharding=<@mesh, [{}, {}]> : tensor<6x8xf32>
  return %2 : tensor<6x8xf32>
}

func.func @pad_reduces_high(%arg0: tensor<6xf32>) -> tensor<6xf32> {
  %cst = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = sdy.all_slice [{"x"}] %arg0 out_sharding=<@mesh, [{"x"}]> : tensor<6xf32>
  %1 = stablehlo.pad %0, %cst, low = [0], high = [0], interior = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<6xf32>, tensor<f32>) -> tensor<11xf32>
  %2 = sdy.all_gather [{"x"}] %1 out_sharding=<@mesh, [{}]> : tensor<11xf32>
  %3 = stablehlo.slice %2 [0:6] : (tensor<11xf32>) -> tensor<6xf32>
  return %3 : tensor<6xf32>
}

sdy.mesh @mesh = <["y"=4]>
func.func @main(%arg0: tensor<6x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<6x6xf32>) {
  %i = stablehlo.iota dim = 0 : tensor<6x6xf32>
  %a = stablehlo.add %arg0, %i : tensor<6x6xf32>
  %c = sdy.sharding_constraint %a <@mesh, [{}, {"y"}]> : tensor<6x6xf32>
  %e = stablehlo.exponential %c : tensor<6x6xf32>
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %r = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
  return %r, %e : tensor<6xf32>, tensor<6x6xf32>
}

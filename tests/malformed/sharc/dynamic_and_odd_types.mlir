// Tensors whose size is not known, and values that are no tensors.
sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %arg1: tensor<*xf32>, %arg2: !stablehlo.token,
                %arg3: tuple<tensor<4xf32>, tensor<2xi32>>) -> (tensor<?x8xf32>, !stablehlo.token) {
  %0 = stablehlo.abs %arg0 : tensor<?x8xf32>
  return %0, %arg2 : tensor<?x8xf32>, !stablehlo.token
}

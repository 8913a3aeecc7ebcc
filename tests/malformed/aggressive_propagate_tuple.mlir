// ERROR: 7:8: Shardy propagation doesn't support tuples: tuple<tensor<8xf32>>
// ARGS: -sdy-aggressive-propagate=propagation-strategy=basic-then-aggressive
// NO-UNREGISTERED
sdy.mesh @mesh = <["a"=2]>

func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tuple<tensor<8xf32>> {
  %0 = stablehlo.tuple %arg0 : tuple<tensor<8xf32>>
  return %0 : tuple<tensor<8xf32>>
}

// ERROR: 7:8: Shardy propagation only supports ranked tensors with a static shape. type: tensor<?x8xf32>
// ARGS: -sdy-user-priority-propagate
// NO-UNREGISTERED
sdy.mesh @mesh = <["a"=2]>

func.func @main(%arg0: tensor<?x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p1, {}]>}) -> tensor<?x8xf32> {
  %0 = stablehlo.abs %arg0 : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

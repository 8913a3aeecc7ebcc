// ERROR: 5:1: 'func.func' op failed to compute local type due to non-divisible sharding: dimension 0 of size 7 is sharded 2 ways
// ARGS: -sdy-convert-global-to-local
// NO-UNREGISTERED
sdy.mesh @mesh = <["x"=2]>
func.func @f(%arg0: tensor<7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<7xf32> {
  return %arg0 : tensor<7xf32>
}

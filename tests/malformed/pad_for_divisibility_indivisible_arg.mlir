// ERROR: 5:1: 'func.func' op argument #0 has a non-divisible sharding. Shardy expects function IO to be divisible.
// ARGS: -sdy-pad-for-divisibility
// NO-UNREGISTERED
sdy.mesh @mesh = <["x"=4]>
func.func @f(%arg0: tensor<7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<7xf32> {
  %0 = sdy.all_gather [{"x"}] %arg0 out_sharding=<@mesh, [{}]> : tensor<7xf32>
  return %0 : tensor<7xf32>
}

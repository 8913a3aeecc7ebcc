// The issue's second example: 32 rows on a 64-way axis.
sdy.mesh @mesh = <["data"=64]>
func.func @main(%arg0: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>} loc("batch"))
    -> (tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>, jax.result_info = "out"}) {
  %0 = stablehlo.add %arg0, %arg0 : tensor<32x16xf32> loc("m.py":3:5)
  return %0 : tensor<32x16xf32>
}

// One of each collective, with the bytes each device receives worked out
// in docs/cli.md (propagation leaves them as they are).
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.all_gather [{"y"}, {}] %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  %1 = sdy.all_slice [{}, {"y"}] %0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
  %2 = sdy.all_to_all [{"y"}: 1->0] %1 out_sharding=<@mesh, [{"x", "y"}, {}]> : tensor<8x8xf32>
  %3 = sdy.collective_permute %2 out_sharding=<@mesh, [{"y", "x"}, {}]> : tensor<8x8xf32>
  %4 = sdy.all_gather [{"y", "x"}, {}] %3 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  %5 = sdy.all_reduce {"x"} %4 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  %6 = sdy.reduce_scatter [{}, {"x"}] %5 out_sharding=<@mesh, [{}, {"x"}]> : tensor<8x8xf32>
  %7 = sdy.reshard %6 <@mesh, [{"y"}, {}]> : tensor<8x8xf32>
  return %7 : tensor<8x8xf32>
}

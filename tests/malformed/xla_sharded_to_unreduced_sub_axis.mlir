// ERROR: 6:8: 'sdy.sharded_to_unreduced' op Sub-axes not supported in ShardedToUnreducedOp.
// ARGS: -xla-sdy-stablehlo-export-manual-reduction-collectives
sdy.mesh @mesh = <["x"=2, "y"=4]>

func.func @sub_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.sharded_to_unreduced [{"y":(1)2}, {}] %arg0 out_sharding=<@mesh, [{}, {}], unreduced={"y":(1)2}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

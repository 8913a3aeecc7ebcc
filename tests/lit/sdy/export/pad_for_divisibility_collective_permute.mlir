// RUN: sdy_opt %s -sdy-pad-for-divisibility -verify-diagnostics
//
// Shardy's pad-for-divisibility has no pattern for sdy.collective_permute
// (its conversion target finds every sdy op but the padded collectives
// legal): a permute whose dimension its shard count does not divide keeps
// its unpadded type behind an unrealized cast, which has no sharding, and
// the permute's verifier refuses it after the pass, as Shardy's does.
// `sharc partition` makes such a permute a gather and a slice first
// (tests/lit/sharc/partition_shardy_limits.mlir).

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @collective_permute_padded(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = sdy.all_slice [{}, {"y", "x"}] %arg0 out_sharding=<@mesh, [{}, {"y", "x"}]> : tensor<8x2xf32>
  // expected-error @+1 {{'sdy.collective_permute' op collective on operand without sharding}}
  %1 = sdy.collective_permute %0 out_sharding=<@mesh, [{}, {"x", "y"}]> : tensor<8x2xf32>
  %2 = sdy.all_gather [{}, {"x", "y"}] %1 out_sharding=<@mesh, [{}, {}]> : tensor<8x2xf32>
  return %2 : tensor<8x2xf32>
}

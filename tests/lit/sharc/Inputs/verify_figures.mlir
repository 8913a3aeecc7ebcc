// The report's device figures against a run (tests/lit/sharc/verify_figures.mlir):
// a value sharded on 6 rows over 4 devices (shards of 2, the last padded)
// and gathered back, and a loop of 3 iterations around a gather.
sdy.mesh @mesh = <["x"=4]>
func.func @main(%arg0: tensor<6x4xf32>, %arg1: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = stablehlo.add %arg0, %arg0 : tensor<6x4xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {}]> : tensor<6x4xf32>
  %2 = stablehlo.negate %1 : tensor<6x4xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  %3:2 = stablehlo.while(%i = %c0, %v = %arg1) : tensor<i64>, tensor<8xi32>
   cond {
    %c3 = stablehlo.constant dense<3> : tensor<i64>
    %p = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i64>
    %n = stablehlo.add %i, %c1 : tensor<i64>
    %w = stablehlo.add %v, %v : tensor<8xi32>
    stablehlo.return %n, %w : tensor<i64>, tensor<8xi32>
  }
  return %2, %3#1 : tensor<6x4xf32>, tensor<8xi32>
}

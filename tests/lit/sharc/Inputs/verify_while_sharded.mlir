// A while whose loop-carried value is sharded.
sdy.mesh @mesh = <["x"=4]>
func.func @main(%arg0: tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  %0:2 = stablehlo.while(%i = %c0, %v = %arg0) : tensor<i64>, tensor<8xi32>
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
  return %0#1 : tensor<8xi32>
}

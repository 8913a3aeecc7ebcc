// Loops inside loops, values named alike in every region.
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c, %a = %arg0) : tensor<i32>, tensor<8x8xf32>
  cond {
    %p = stablehlo.compare LT, %i, %i : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %1:2 = stablehlo.while(%j = %i, %b = %a) : tensor<i32>, tensor<8x8xf32>
    cond {
      %q = stablehlo.compare LT, %j, %j : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %m = stablehlo.multiply %b, %b : tensor<8x8xf32>
      stablehlo.return %j, %m : tensor<i32>, tensor<8x8xf32>
    }
    stablehlo.return %1#0, %1#1 : tensor<i32>, tensor<8x8xf32>
  }
  return %0#1 : tensor<8x8xf32>
}

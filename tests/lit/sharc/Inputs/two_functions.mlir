// Two functions, each communicating; the callee's in a loop of 4.
sdy.mesh @mesh = <["x"=4]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
                %arg1: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32> loc("model.py":3:3)
  %1 = call @step(%0, %arg1) : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
func.func @step(%a: tensor<8x16xf32>, %w: tensor<16x16xf32>) -> tensor<8x16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  %0:2 = stablehlo.while(%i = %c0, %v = %a) : tensor<i64>, tensor<8x16xf32>
  cond {
    %c4 = stablehlo.constant dense<4> : tensor<i64>
    %p = stablehlo.compare LE, %i, %c4, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i64>
    %i1 = stablehlo.add %i, %c1 : tensor<i64>
    %d = stablehlo.dot_general %v, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32> loc("model.py":9:5)
    stablehlo.return %i1, %d : tensor<i64>, tensor<8x16xf32>
  } loc("model.py":8:3)
  return %0#1 : tensor<8x16xf32>
}

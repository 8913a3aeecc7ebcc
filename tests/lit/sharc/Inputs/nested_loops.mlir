sdy.mesh @mesh = <["x"=4]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
                %arg1: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %n: tensor<i32>) -> tensor<8x16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %v = %arg0) : tensor<i32>, tensor<8x16xf32>
  cond {
    %c10 = stablehlo.constant dense<10> : tensor<i32>
    %p = stablehlo.compare LT, %i, %c10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %c1 : tensor<i32>
    %d = stablehlo.dot_general %v, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32> loc("model.py":7:3)
    stablehlo.return %i1, %d : tensor<i32>, tensor<8x16xf32>
  } loc("model.py":5:1)
  %1:2 = stablehlo.while(%i = %c0, %v = %0#1) : tensor<i32>, tensor<8x16xf32>
  cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %c1 : tensor<i32>
    %d = stablehlo.dot_general %v, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32> loc("model.py":12:3)
    stablehlo.return %i1, %d : tensor<i32>, tensor<8x16xf32>
  } loc("model.py":10:1)
  %2:2 = stablehlo.while(%o = %c0, %v = %1#1) : tensor<i32>, tensor<8x16xf32>
  cond {
    %cm2 = stablehlo.constant dense<-2> : tensor<i32>
    %p = stablehlo.compare GT, %o, %cm2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %o1 = stablehlo.subtract %o, %c1 : tensor<i32>
    %in:2 = stablehlo.while(%j = %c0, %w = %v) : tensor<i32>, tensor<8x16xf32>
    cond {
      %c3 = stablehlo.constant dense<3> : tensor<i32>
      %q = stablehlo.compare GT, %c3, %j, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %k1 = stablehlo.constant dense<1> : tensor<i32>
      %j1 = stablehlo.add %k1, %j : tensor<i32>
      %d = stablehlo.dot_general %w, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32> loc("model.py":20:5)
      stablehlo.return %j1, %d : tensor<i32>, tensor<8x16xf32>
    } loc("model.py":18:3)
    stablehlo.return %o1, %in#1 : tensor<i32>, tensor<8x16xf32>
  } loc("model.py":16:1)
  return %2#1 : tensor<8x16xf32>
}

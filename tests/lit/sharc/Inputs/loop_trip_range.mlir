// Loops whose counted variable would leave its type's range, or that
// compare as unsigned (tests/lit/sharc/loop_trip_range.mlir): an unsigned
// -2 < 2 never holds (0 runs, not 4); i8 120 + 10 wraps to -126 and runs on
// (not 1 iteration); ui32 0..3 runs 3 times, i8 0, 50 stops at 100 after 2,
// ui8 250 counting down by 3 while > 5: 82 runs, all in range.
sdy.mesh @mesh = <["x"=4]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
                %arg1: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x16xf32> {
  %c0 = stablehlo.constant dense<-2> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %v = %arg0) : tensor<i32>, tensor<8x16xf32>
  cond {
    %lim = stablehlo.constant dense<2> : tensor<i32>
    %p = stablehlo.compare LT, %i, %lim, UNSIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %s = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %s : tensor<i32>
    %d = stablehlo.dot_general %v, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32> loc("model.py":1:3)
    stablehlo.return %i1, %d : tensor<i32>, tensor<8x16xf32>
  } loc("model.py":1:1)
  %c1 = stablehlo.constant dense<0> : tensor<ui32>
  %1:2 = stablehlo.while(%i = %c1, %v = %0#1) : tensor<ui32>, tensor<8x16xf32>
  cond {
    %lim = stablehlo.constant dense<3> : tensor<ui32>
    %p = stablehlo.compare LT, %i, %lim : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %s = stablehlo.constant dense<1> : tensor<ui32>
    %i1 = stablehlo.add %i, %s : tensor<ui32>
    %d = stablehlo.dot_general %v, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32> loc("model.py":2:3)
    stablehlo.return %i1, %d : tensor<ui32>, tensor<8x16xf32>
  } loc("model.py":2:1)
  %c2 = stablehlo.constant dense<120> : tensor<i8>
  %2:2 = stablehlo.while(%i = %c2, %v = %1#1) : tensor<i8>, tensor<8x16xf32>
  cond {
    %lim = stablehlo.constant dense<125> : tensor<i8>
    %p = stablehlo.compare LT, %i, %lim, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %s = stablehlo.constant dense<10> : tensor<i8>
    %i1 = stablehlo.add %i, %s : tensor<i8>
    %d = stablehlo.dot_general %v, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32> loc("model.py":3:3)
    stablehlo.return %i1, %d : tensor<i8>, tensor<8x16xf32>
  } loc("model.py":3:1)
  %c3 = stablehlo.constant dense<0> : tensor<i8>
  %3:2 = stablehlo.while(%i = %c3, %v = %2#1) : tensor<i8>, tensor<8x16xf32>
  cond {
    %lim = stablehlo.constant dense<100> : tensor<i8>
    %p = stablehlo.compare LT, %i, %lim, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %s = stablehlo.constant dense<50> : tensor<i8>
    %i1 = stablehlo.add %i, %s : tensor<i8>
    %d = stablehlo.dot_general %v, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32> loc("model.py":4:3)
    stablehlo.return %i1, %d : tensor<i8>, tensor<8x16xf32>
  } loc("model.py":4:1)
  %c4 = stablehlo.constant dense<250> : tensor<ui8>
  %4:2 = stablehlo.while(%i = %c4, %v = %3#1) : tensor<ui8>, tensor<8x16xf32>
  cond {
    %lim = stablehlo.constant dense<5> : tensor<ui8>
    %p = stablehlo.compare GT, %i, %lim : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %s = stablehlo.constant dense<3> : tensor<ui8>
    %i1 = stablehlo.subtract %i, %s : tensor<ui8>
    %d = stablehlo.dot_general %v, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32> loc("model.py":5:3)
    stablehlo.return %i1, %d : tensor<ui8>, tensor<8x16xf32>
  } loc("model.py":5:1)
  return %4#1 : tensor<8x16xf32>
}

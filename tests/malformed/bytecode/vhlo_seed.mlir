// The program tests/malformed/bytecode/run.sh (VHLO_TARGET=X) serializes as a
// portable artifact and then truncates and corrupts: VHLO types and
// attributes of every encoding kind (tensors with bounds, quantized and
// complex element types, enums, dictionaries, arrays, booleans, floats,
// integers, strings, dense data including booleans), regions and locations.
func.func @main(%arg0: tensor<4xf32> loc("a.py":1:2), %arg1: tensor<?xi32, #stablehlo.bounds<8>>) -> tensor<4xf32> {
  %0 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %1 = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xbf16>
  %2 = stablehlo.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  %3 = stablehlo.compare LT, %arg0, %arg0, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = stablehlo.custom_call @foo(%arg0) {backend_config = "cfg", has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  %5 = stablehlo.dot_general %arg0, %4, contracting_dims = [0] x [0], precision = [HIGH, HIGHEST] : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  %6 = stablehlo.uniform_quantize %arg0 : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 3.4:-2>>
  %7 = stablehlo.constant dense<0.0> : tensor<f32>
  %8 = stablehlo.reduce(%arg0 init: %7) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32> loc(fused["f.py":3:4, "n"])
  %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %10 = stablehlo.add %9, %4 : tensor<4xf32>
  return %10 : tensor<4xf32>
}

// RUN: stablehlo-translate --serialize --target=current %s | stablehlo-translate --deserialize | FileCheck %s
// RUN: stablehlo-translate --serialize --target=current %s | stablehlo-opt --mlir-print-op-generic | FileCheck %s --check-prefix=VHLO
// RUN: stablehlo-translate --serialize --target=current %s | stablehlo-translate --deserialize | stablehlo-opt > %t.0
// RUN: stablehlo-opt %s > %t.1
// RUN: diff %t.0 %t.1
// RUN: stablehlo-translate --serialize --target=current --strip-debuginfo %s > %t.bc
// RUN: stablehlo-translate --serialize --target=current --strip-debuginfo %s | cmp - %t.bc
// RUN: stablehlo-translate --deserialize %t.bc | stablehlo-translate --serialize --target=current --strip-debuginfo | cmp - %t.bc
// A portable artifact is MLIR bytecode with VHLO's own encodings: every
// attribute and type kind here goes through them and comes back, at the
// current version (bytecode_versions.mlir: the older bytecode versions).


// CHECK-LABEL: func.func @main
// VHLO-LABEL: "vhlo.func_v1"
func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xi1>) -> tensor<4xf32> {
  // CHECK: stablehlo.constant dense<[true, false, true, true, false, false, false, true, true]> : tensor<9xi1>
  // VHLO: #vhlo.tensor_v1<dense<[true, false, true, true, false, false, false, true, true]> : tensor<9xi1>>
  %0 = stablehlo.constant dense<[true, false, true, true, false, false, false, true, true]> : tensor<9xi1>
  // CHECK: stablehlo.constant dense<true> : tensor<3xi1>
  %1 = stablehlo.constant dense<true> : tensor<3xi1>
  // CHECK: stablehlo.constant dense<false> : tensor<1xi1>
  %2 = stablehlo.constant dense<false> : tensor<1xi1>
  // CHECK: stablehlo.constant dense<[1.500000e+00, -2.000000e+00]> : tensor<2xbf16>
  %3 = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xbf16>
  // CHECK: stablehlo.constant dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>
  %4 = stablehlo.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  // CHECK: stablehlo.constant dense<[-1, 255]> : tensor<2xi64>
  %5 = stablehlo.constant dense<[-1, 255]> : tensor<2xi64>
  // CHECK: stablehlo.compare  LT, %arg0, %arg0,  TOTALORDER
  %6 = stablehlo.compare LT, %arg0, %arg0, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: stablehlo.custom_call @foo(%arg0) {api_version = 4 : i32, backend_config = {bar = 42 : i32}}
  // VHLO: backend_config = #vhlo.dict_v1<{#vhlo.string_v1<"bar"> = #vhlo.integer_v1<42 : i32>}>
  %7 = stablehlo.custom_call @foo(%arg0) {api_version = 4 : i32, backend_config = {bar = 42 : i32}} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: stablehlo.custom_call @baz(%arg0) {api_version = 4 : i32}
  %8 = stablehlo.custom_call @baz(%arg0) {api_version = 4 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: stablehlo.rng_bit_generator %{{.*}}, algorithm = {{ *}}PHILOX
  %9 = stablehlo.constant dense<0> : tensor<2xui64>
  %10:2 = stablehlo.rng_bit_generator %9, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  // CHECK: stablehlo.rng %{{.*}}, %{{.*}}, %{{.*}}, distribution = {{ *}}NORMAL
  %11 = stablehlo.constant dense<0.0> : tensor<f32>
  %12 = stablehlo.constant dense<[4]> : tensor<1xi64>
  %13 = stablehlo.rng %11, %11, %12, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
  // CHECK: stablehlo.dot_general %arg0, %arg0, contracting_dims = [0] x [0], precision = [HIGH, HIGHEST]
  %14 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [0] x [0], precision = [HIGH, HIGHEST] : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  // CHECK: stablehlo.reduce_precision %arg0, format = e5m10
  %15 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<4xf32>
  // CHECK: stablehlo.composite "my.op" %arg0 ({
  // CHECK: }) {composite_attributes = {f = 2.500000e+00 : f32, s = "x"}, decomposition = @dec, version = 2 : i32}
  %16 = stablehlo.composite "my.op" %arg0 ({
  ^bb0(%a: tensor<4xf32>):
    stablehlo.return %a : tensor<4xf32>
  }) {composite_attributes = {f = 2.5 : f32, s = "x"}, decomposition = @dec, version = 2 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: stablehlo.uniform_quantize %arg0 : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 3.400000e+00:-2>>
  %17 = stablehlo.uniform_quantize %arg0 : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 3.4:-2>>
  // CHECK: stablehlo.uniform_quantize %{{.*}} : (tensor<2x4xf32>) -> tensor<2x4x!quant.uniform<i8:f32:0, {1.000000e-01:-1,2.000000e-01:3}>>
  %18 = stablehlo.constant dense<1.0> : tensor<2x4xf32>
  %19 = stablehlo.uniform_quantize %18 : (tensor<2x4xf32>) -> tensor<2x4x!quant.uniform<i8:f32:0, {0.1:-1, 0.2:3}>>
  // CHECK: tensor<?xf32, #stablehlo.bounds<8>>
  %20 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<4xf32>) -> tensor<i32>
  %21 = stablehlo.reshape %20 : (tensor<i32>) -> tensor<1xi32>
  %22 = stablehlo.dynamic_iota %21, dim = 0 : (tensor<1xi32>) -> tensor<?xf32, #stablehlo.bounds<8>>
  %23 = stablehlo.after_all : !stablehlo.token
  // CHECK: stablehlo.tuple %arg0, %{{.*}} : tuple<tensor<4xf32>, !stablehlo.token>
  %24 = stablehlo.tuple %arg0, %23 : tuple<tensor<4xf32>, !stablehlo.token>
  return %arg0 : tensor<4xf32>
}

func.func private @dec(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}

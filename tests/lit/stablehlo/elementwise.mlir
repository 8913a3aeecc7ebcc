// RUN: sdy_opt %s | FileCheck %s
// RUN: sdy_opt %s > %t.1 && sdy_opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: sdy_opt %s -mlir-print-op-generic > %t.g && mlir-opt-22 --allow-unregistered-dialect -mlir-print-op-generic %t.g | diff %t.g -
// RUN: sdy_opt %t.g | diff %t.1 -
// Element-wise ops: one type when operands and result agree, a function
// type otherwise.

// CHECK-LABEL: func.func @unary
func.func @unary(%a: tensor<4xf32>, %c: tensor<4xcomplex<f32>>, %i: tensor<4xi32>) -> tensor<4xf32> {
  // CHECK: stablehlo.abs %arg0 : tensor<4xf32>
  %0 = stablehlo.abs %a : tensor<4xf32>
  // CHECK: stablehlo.abs %arg1 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %1 = stablehlo.abs %c : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  // CHECK: stablehlo.negate %{{.*}} : tensor<4xf32>
  %2 = stablehlo.negate %0 : tensor<4xf32>
  %3 = stablehlo.sine %2 : tensor<4xf32>
  %4 = stablehlo.cosine %3 : tensor<4xf32>
  %5 = stablehlo.tanh %4 : tensor<4xf32>
  %6 = stablehlo.sqrt %5 : tensor<4xf32>
  %7 = stablehlo.rsqrt %6 : tensor<4xf32>
  %8 = stablehlo.exponential %7 : tensor<4xf32>
  %9 = stablehlo.exponential_minus_one %8 : tensor<4xf32>
  %10 = stablehlo.log %9 : tensor<4xf32>
  %11 = stablehlo.log_plus_one %10 : tensor<4xf32>
  %12 = stablehlo.logistic %11 : tensor<4xf32>
  %13 = stablehlo.ceil %12 : tensor<4xf32>
  %14 = stablehlo.floor %13 : tensor<4xf32>
  %15 = stablehlo.round_nearest_afz %14 : tensor<4xf32>
  %16 = stablehlo.round_nearest_even %15 : tensor<4xf32>
  %17 = stablehlo.sign %16 : tensor<4xf32>
  %18 = stablehlo.cbrt %17 : tensor<4xf32>
  %19 = stablehlo.tan %18 : tensor<4xf32>
  // CHECK: stablehlo.convert %arg2 : (tensor<4xi32>) -> tensor<4xf32>
  %20 = stablehlo.convert %i : (tensor<4xi32>) -> tensor<4xf32>
  // CHECK: stablehlo.real %arg1 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %21 = stablehlo.real %c : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %22 = stablehlo.imag %c : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %23 = stablehlo.not %i : tensor<4xi32>
  %24 = stablehlo.popcnt %23 : tensor<4xi32>
  %25 = stablehlo.count_leading_zeros %24 : tensor<4xi32>
  // CHECK: stablehlo.is_finite %{{.*}} : (tensor<4xf32>) -> tensor<4xi1>
  %26 = stablehlo.is_finite %19 : (tensor<4xf32>) -> tensor<4xi1>
  // CHECK: stablehlo.bitcast_convert %arg2 : (tensor<4xi32>) -> tensor<4xf32>
  %27 = stablehlo.bitcast_convert %i : (tensor<4xi32>) -> tensor<4xf32>
  // CHECK: stablehlo.reduce_precision %{{.*}}, format = e5m10 : tensor<4xf32>
  %28 = stablehlo.reduce_precision %27, format = e5m10 : tensor<4xf32>
  // A non-default result accuracy stays in the attribute dictionary.
  // CHECK: stablehlo.exponential %{{.*}} {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  %29 = stablehlo.exponential %28 {result_accuracy = #stablehlo.result_accuracy<atol = 1.0e-5, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  // The default one is left out.
  // CHECK: stablehlo.exponential %{{.*}} : tensor<4xf32>
  %30 = stablehlo.exponential %29 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<DEFAULT>>} : tensor<4xf32>
  return %30 : tensor<4xf32>
}

// CHECK-LABEL: func.func @binary
func.func @binary(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi32>, %p: tensor<4xi1>) -> tensor<4xf32> {
  // CHECK: stablehlo.add %arg0, %arg1 : tensor<4xf32>
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  %1 = stablehlo.subtract %0, %b : tensor<4xf32>
  %2 = stablehlo.multiply %1, %b : tensor<4xf32>
  %3 = stablehlo.divide %2, %b : tensor<4xf32>
  %4 = stablehlo.maximum %3, %b : tensor<4xf32>
  %5 = stablehlo.minimum %4, %b : tensor<4xf32>
  %6 = stablehlo.power %5, %b : tensor<4xf32>
  %7 = stablehlo.remainder %6, %b : tensor<4xf32>
  %8 = stablehlo.atan2 %7, %b : tensor<4xf32>
  %9 = stablehlo.and %i, %i : tensor<4xi32>
  %10 = stablehlo.or %9, %i : tensor<4xi32>
  %11 = stablehlo.xor %10, %i : tensor<4xi32>
  %12 = stablehlo.shift_left %11, %i : tensor<4xi32>
  %13 = stablehlo.shift_right_arithmetic %12, %i : tensor<4xi32>
  %14 = stablehlo.shift_right_logical %13, %i : tensor<4xi32>
  // CHECK: stablehlo.complex %arg0, %arg1 : tensor<4xcomplex<f32>>
  %15 = stablehlo.complex %a, %b : tensor<4xcomplex<f32>>
  // The function-type spelling prints compactly when the types agree.
  // CHECK: stablehlo.add %{{.*}}, %arg1 : tensor<4xf32>
  %16 = stablehlo.add %8, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: stablehlo.compare  GT, %arg0, %arg1,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %17 = stablehlo.compare GT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: stablehlo.compare  EQ, %arg2, %arg2 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %18 = stablehlo.compare EQ, %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK: stablehlo.select %arg3, %arg0, %arg1 : tensor<4xi1>, tensor<4xf32>
  %19 = stablehlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
  // CHECK: stablehlo.clamp %arg0, %{{.*}}, %arg1 : tensor<4xf32>
  %20 = stablehlo.clamp %a, %19, %b : tensor<4xf32>
  // CHECK: stablehlo.clamp %{{.*}}, %arg0, %{{.*}} : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %lo = stablehlo.constant dense<0.0> : tensor<f32>
  %21 = stablehlo.clamp %lo, %a, %lo : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %16 : tensor<4xf32>
}

// Constants take the names %c (integers) and %cst, uniqued as MLIR does.
// CHECK-LABEL: func.func @constants
func.func @constants() -> (tensor<2xi32>, tensor<f32>, tensor<i1>, tensor<2xi32>) {
  // CHECK-NEXT: %c = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  // CHECK-NEXT: %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
  // CHECK-NEXT: %c_0 = stablehlo.constant dense<true> : tensor<i1>
  // CHECK-NEXT: %c_1 = stablehlo.constant {foo} dense<0> : tensor<2xi32>
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = stablehlo.constant dense<0.5> : tensor<f32>
  %2 = stablehlo.constant dense<true> : tensor<i1>
  %3 = stablehlo.constant {foo} dense<0> : tensor<2xi32>
  return %0, %1, %2, %3 : tensor<2xi32>, tensor<f32>, tensor<i1>, tensor<2xi32>
}

// StableHLO's aggressive folder: element-wise ops on constants, with APInt's
// wrap-around integers and IEEE floats; float folds of the "shape" ops only
// with optimize-float (the default).
// RUN: stablehlo-opt -stablehlo-aggressive-folder -split-input-file %s | FileCheck %s
// RUN: stablehlo-opt -stablehlo-aggressive-folder=optimize-float=false -split-input-file %s | FileCheck %s --check-prefix=NOFLOAT

// CHECK-LABEL: func.func @int_arith
// CHECK-DAG:     %[[A:.*]] = stablehlo.constant dense<[-128, 5]> : tensor<2xi8>
// CHECK-DAG:     %[[M:.*]] = stablehlo.constant dense<[1, 4]> : tensor<2xi8>
// CHECK-DAG:     %[[D:.*]] = stablehlo.constant dense<[-128, -1]> : tensor<2xi8>
// CHECK-DAG:     %[[R:.*]] = stablehlo.constant dense<[0, 1]> : tensor<2xi8>
// CHECK:         return %[[A]], %[[M]], %[[D]], %[[R]]
func.func @int_arith() -> (tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>) {
  %a = stablehlo.constant dense<[127, 7]> : tensor<2xi8>
  %b = stablehlo.constant dense<[1, -2]> : tensor<2xi8>
  %m1 = stablehlo.constant dense<[-128, -7]> : tensor<2xi8>
  %n = stablehlo.constant dense<[-1, 4]> : tensor<2xi8>
  %0 = stablehlo.add %a, %b : tensor<2xi8>
  %1 = stablehlo.multiply %b, %b : tensor<2xi8>
  %2 = stablehlo.divide %m1, %n : tensor<2xi8>
  %3 = stablehlo.remainder %a, %b : tensor<2xi8>
  return %0, %1, %2, %3 : tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>
}

// -----

// Integer division by a zero element is left alone.
// CHECK-LABEL: func.func @div_by_zero
// CHECK:         stablehlo.divide
// CHECK:         stablehlo.remainder
func.func @div_by_zero() -> (tensor<2xi32>, tensor<2xui32>) {
  %a = stablehlo.constant dense<[4, 5]> : tensor<2xi32>
  %z = stablehlo.constant dense<[2, 0]> : tensor<2xi32>
  %0 = stablehlo.divide %a, %z : tensor<2xi32>
  %ua = stablehlo.constant dense<[4, 5]> : tensor<2xui32>
  %uz = stablehlo.constant dense<0> : tensor<2xui32>
  %1 = stablehlo.remainder %ua, %uz : tensor<2xui32>
  return %0, %1 : tensor<2xi32>, tensor<2xui32>
}

// -----

// Unsigned ops compare and divide without sign; i1 max/min are unsigned.
// CHECK-LABEL: func.func @unsigned
// CHECK-DAG:     stablehlo.constant dense<127> : tensor<ui8>
// CHECK-DAG:     stablehlo.constant dense<200> : tensor<ui8>
// CHECK-DAG:     stablehlo.constant dense<true> : tensor<i1>
func.func @unsigned() -> (tensor<ui8>, tensor<ui8>, tensor<i1>) {
  %a = stablehlo.constant dense<255> : tensor<ui8>
  %b = stablehlo.constant dense<2> : tensor<ui8>
  %c = stablehlo.constant dense<200> : tensor<ui8>
  %0 = stablehlo.divide %a, %b : tensor<ui8>
  %1 = stablehlo.maximum %c, %b : tensor<ui8>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %2 = stablehlo.maximum %t, %f : tensor<i1>
  return %0, %1, %2 : tensor<ui8>, tensor<ui8>, tensor<i1>
}

// -----

// CHECK-LABEL: func.func @float_arith
// CHECK-DAG:     stablehlo.constant dense<3.500000e+00> : tensor<f32>
// CHECK-DAG:     stablehlo.constant dense<0x7FC00000> : tensor<f32>
// CHECK-DAG:     stablehlo.constant dense<-0.000000e+00> : tensor<f32>
// CHECK-DAG:     stablehlo.constant dense<1.000000e+00> : tensor<bf16>
// NOFLOAT-LABEL: func.func @float_arith
// NOFLOAT:         stablehlo.add
// NOFLOAT:         stablehlo.maximum
// NOFLOAT:         stablehlo.minimum
// NOFLOAT:         stablehlo.add
func.func @float_arith() -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<bf16>) {
  %a = stablehlo.constant dense<1.5> : tensor<f32>
  %b = stablehlo.constant dense<2.0> : tensor<f32>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %nz = stablehlo.constant dense<-0.0> : tensor<f32>
  %0 = stablehlo.add %a, %b : tensor<f32>
  %1 = stablehlo.maximum %a, %nan : tensor<f32>
  %2 = stablehlo.minimum %z, %nz : tensor<f32>
  %h = stablehlo.constant dense<0.5> : tensor<bf16>
  %3 = stablehlo.add %h, %h : tensor<bf16>
  return %0, %1, %2, %3 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<bf16>
}

// -----

// Compares fold to i1; NaN is unordered but for NE.
// CHECK-LABEL: func.func @compare
// CHECK-DAG:     stablehlo.constant dense<[true, false]> : tensor<2xi1>
// CHECK-DAG:     stablehlo.constant dense<false> : tensor<2xi1>
// CHECK-DAG:     stablehlo.constant dense<true> : tensor<i1>
func.func @compare() -> (tensor<2xi1>, tensor<2xi1>, tensor<i1>) {
  %a = stablehlo.constant dense<[-1, 3]> : tensor<2xi32>
  %b = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %0 = stablehlo.compare LT, %a, %b, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %1 = stablehlo.compare LT, %a, %b, UNSIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  %2 = stablehlo.compare NE, %nan, %nan, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0, %1, %2 : tensor<2xi1>, tensor<2xi1>, tensor<i1>
}

// -----

// Unary ops fold whatever optimize-float says; log of a non-positive value,
// sqrt of a negative one and the sign of NaN are left.
// CHECK-LABEL: func.func @unary
// CHECK-DAG:     stablehlo.constant dense<[0.000000e+00, -0.000000e+00]> : tensor<2xf32>
// CHECK-DAG:     stablehlo.constant dense<[-2, -128]> : tensor<2xi8>
// CHECK-DAG:     stablehlo.constant dense<1.000000e+00> : tensor<2xf32>
// CHECK-DAG:     stablehlo.log
// CHECK-DAG:     stablehlo.sqrt
// CHECK-DAG:     stablehlo.sign
// NOFLOAT-LABEL: func.func @unary
// NOFLOAT-NOT:     stablehlo.negate
func.func @unary() -> (tensor<2xf32>, tensor<2xi8>, tensor<2xf32>, tensor<f32>, tensor<f32>, tensor<f32>) {
  %a = stablehlo.constant dense<[-2.0, 0.0]> : tensor<2xf32>
  %i = stablehlo.constant dense<[2, -128]> : tensor<2xi8>
  %0 = stablehlo.negate %a : tensor<2xf32>
  %1 = stablehlo.negate %i : tensor<2xi8>
  %e = stablehlo.constant dense<[0.0, -0.0]> : tensor<2xf32>
  %2 = stablehlo.exponential %e : tensor<2xf32>
  %3 = stablehlo.cosine %e : tensor<2xf32>
  %m = stablehlo.constant dense<-1.0> : tensor<f32>
  %4 = stablehlo.log %m : tensor<f32>
  %5 = stablehlo.sqrt %m : tensor<f32>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  %6 = stablehlo.sign %nan : tensor<f32>
  %s = stablehlo.add %2, %3 : tensor<2xf32>
  %sin = stablehlo.sine %e : tensor<2xf32>
  return %sin, %1, %2, %4, %5, %6 : tensor<2xf32>, tensor<2xi8>, tensor<2xf32>, tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// Converts: float to int truncates toward zero; out of range, -0.0 and inf
// are left; int to bool is "non-zero".
// CHECK-LABEL: func.func @convert
// CHECK-DAG:     stablehlo.constant dense<[-2, 2]> : tensor<2xi32>
// CHECK-DAG:     stablehlo.constant dense<[true, false]> : tensor<2xi1>
// CHECK-DAG:     stablehlo.constant dense<-1.000000e+00> : tensor<f16>
// CHECK-DAG:     stablehlo.convert {{.*}} -> tensor<i8>
func.func @convert() -> (tensor<2xi32>, tensor<2xi1>, tensor<f16>, tensor<i8>) {
  %f = stablehlo.constant dense<[-2.7, 2.7]> : tensor<2xf32>
  %0 = stablehlo.convert %f : (tensor<2xf32>) -> tensor<2xi32>
  %i = stablehlo.constant dense<[256, 0]> : tensor<2xi32>
  %1 = stablehlo.convert %i : (tensor<2xi32>) -> tensor<2xi1>
  %m = stablehlo.constant dense<-1> : tensor<i64>
  %2 = stablehlo.convert %m : (tensor<i64>) -> tensor<f16>
  %big = stablehlo.constant dense<300.0> : tensor<f32>
  %3 = stablehlo.convert %big : (tensor<f32>) -> tensor<i8>
  return %0, %1, %2, %3 : tensor<2xi32>, tensor<2xi1>, tensor<f16>, tensor<i8>
}

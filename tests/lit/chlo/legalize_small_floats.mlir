// RUN: stablehlo-opt --chlo-legalize-to-stablehlo %s | FileCheck %s
// CHLO ops on floats of 8 bits or fewer lower as StableHLO lowers them:
// no constant, constants the format holds (its largest value as APFloat's
// getLargest, getInf's NaN where there is no infinity), or an upcast to f32
// around the computation. A constant_like's value is written as MLIR's bits
// (sharc's mark beside an f8E8M0FNU sign or an f4 infinity dropped).

// CHECK-LABEL: func.func @constant_like_e8m0
// CHECK: %[[C:.*]] = stablehlo.constant dense<2.000000e+00> : tensor<2xf8E8M0FNU>
// CHECK: return %[[C]]
func.func @constant_like_e8m0(%a: tensor<2xf8E8M0FNU>) -> tensor<2xf8E8M0FNU> {
  %0 = "chlo.constant_like"(%a) {value = -2.0 : f8E8M0FNU} : (tensor<2xf8E8M0FNU>) -> tensor<2xf8E8M0FNU>
  func.return %0 : tensor<2xf8E8M0FNU>
}

// CHECK-LABEL: func.func @constant_like_f4_inf
// CHECK: stablehlo.constant dense<0.000000e+00> : tensor<2xf4E2M1FN>
func.func @constant_like_f4_inf(%a: tensor<2xf4E2M1FN>) -> tensor<2xf4E2M1FN> {
  %0 = "chlo.constant_like"(%a) {value = 1.0e400 : f4E2M1FN} : (tensor<2xf4E2M1FN>) -> tensor<2xf4E2M1FN>
  func.return %0 : tensor<2xf4E2M1FN>
}

// CHECK-LABEL: func.func @constant_like_f8
// CHECK: stablehlo.constant dense<1.500000e+00> : tensor<2xf8E4M3FN>
func.func @constant_like_f8(%a: tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN> {
  %0 = "chlo.constant_like"(%a) {value = 1.5 : f8E4M3FN} : (tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN>
  func.return %0 : tensor<2xf8E4M3FN>
}

// CHECK-LABEL: func.func @bcast_add
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf8E5M2>) -> tensor<2x3xf8E5M2>
// CHECK: stablehlo.add %arg0, %[[B]] : tensor<2x3xf8E5M2>
func.func @bcast_add(%a: tensor<2x3xf8E5M2>, %b: tensor<3xf8E5M2>) -> tensor<2x3xf8E5M2> {
  %0 = chlo.broadcast_add %a, %b : (tensor<2x3xf8E5M2>, tensor<3xf8E5M2>) -> tensor<2x3xf8E5M2>
  func.return %0 : tensor<2x3xf8E5M2>
}

// CHECK-LABEL: func.func @lgamma
// CHECK: %[[UP:.*]] = stablehlo.convert %arg0 : (tensor<2xf8E4M3FNUZ>) -> tensor<2xf32>
// CHECK: %[[DOWN:.*]] = stablehlo.convert %{{.*}} : (tensor<2xf32>) -> tensor<2xf8E4M3FNUZ>
// CHECK-NEXT: return %[[DOWN]]
func.func @lgamma(%a: tensor<2xf8E4M3FNUZ>) -> tensor<2xf8E4M3FNUZ> {
  %0 = chlo.lgamma %a : tensor<2xf8E4M3FNUZ> -> tensor<2xf8E4M3FNUZ>
  func.return %0 : tensor<2xf8E4M3FNUZ>
}

// CHECK-LABEL: func.func @zeta
// CHECK: stablehlo.convert %arg0 : (tensor<2xf6E2M3FN>) -> tensor<2xf32>
// CHECK: stablehlo.convert %arg1 : (tensor<2xf6E2M3FN>) -> tensor<2xf32>
// CHECK: stablehlo.convert %{{.*}} : (tensor<2xf32>) -> tensor<2xf6E2M3FN>
func.func @zeta(%a: tensor<2xf6E2M3FN>, %b: tensor<2xf6E2M3FN>) -> tensor<2xf6E2M3FN> {
  %0 = chlo.zeta %a, %b : tensor<2xf6E2M3FN>, tensor<2xf6E2M3FN> -> tensor<2xf6E2M3FN>
  func.return %0 : tensor<2xf6E2M3FN>
}

// CHECK-LABEL: func.func @is_inf_e5m2
// CHECK: %[[A:.*]] = stablehlo.abs %arg0 : tensor<2xf8E5M2>
// CHECK: %[[INF:.*]] = stablehlo.constant dense<0x7C> : tensor<2xf8E5M2>
// CHECK: stablehlo.compare  EQ, %[[A]], %[[INF]]
func.func @is_inf_e5m2(%a: tensor<2xf8E5M2>) -> tensor<2xi1> {
  %0 = chlo.is_inf %a : tensor<2xf8E5M2> -> tensor<2xi1>
  func.return %0 : tensor<2xi1>
}

// CHECK-LABEL: func.func @is_neg_inf_e4m3fn
// CHECK: %[[NAN:.*]] = stablehlo.constant dense<0xFF> : tensor<2xf8E4M3FN>
// CHECK: stablehlo.compare  EQ, %arg0, %[[NAN]]
func.func @is_neg_inf_e4m3fn(%a: tensor<2xf8E4M3FN>) -> tensor<2xi1> {
  %0 = chlo.is_neg_inf %a : tensor<2xf8E4M3FN> -> tensor<2xi1>
  func.return %0 : tensor<2xi1>
}

// CHECK-LABEL: func.func @is_pos_inf_fnuz
// CHECK: stablehlo.constant dense<0x80> : tensor<2xf8E5M2FNUZ>
func.func @is_pos_inf_fnuz(%a: tensor<2xf8E5M2FNUZ>) -> tensor<2xi1> {
  %0 = chlo.is_pos_inf %a : tensor<2xf8E5M2FNUZ> -> tensor<2xi1>
  func.return %0 : tensor<2xi1>
}

// CHECK-LABEL: func.func @is_pos_inf_e8m0
// CHECK: stablehlo.constant dense<0xFF> : tensor<2xf8E8M0FNU>
func.func @is_pos_inf_e8m0(%a: tensor<2xf8E8M0FNU>) -> tensor<2xi1> {
  %0 = chlo.is_pos_inf %a : tensor<2xf8E8M0FNU> -> tensor<2xi1>
  func.return %0 : tensor<2xi1>
}

// CHECK-LABEL: func.func @acosh_f4
// CHECK: %[[MAX:.*]] = stablehlo.constant dense<6.000000e+00> : tensor<2xf4E2M1FN>
// CHECK: %[[TWO:.*]] = stablehlo.constant dense<2.000000e+00> : tensor<2xf4E2M1FN>
// CHECK: stablehlo.divide %[[MAX]], %[[TWO]] : tensor<2xf4E2M1FN>
func.func @acosh_f4(%a: tensor<2xf4E2M1FN>) -> tensor<2xf4E2M1FN> {
  %0 = chlo.acosh %a : tensor<2xf4E2M1FN> -> tensor<2xf4E2M1FN>
  func.return %0 : tensor<2xf4E2M1FN>
}

// CHECK-LABEL: func.func @asinh_e4m3fn
// CHECK: %[[MAX:.*]] = stablehlo.constant dense<4.480000e+02> : tensor<2xf8E4M3FN>
// CHECK: stablehlo.sqrt %[[MAX]] : tensor<2xf8E4M3FN>
func.func @asinh_e4m3fn(%a: tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN> {
  %0 = chlo.asinh %a : tensor<2xf8E4M3FN> -> tensor<2xf8E4M3FN>
  func.return %0 : tensor<2xf8E4M3FN>
}

// CHECK-LABEL: func.func @asinh_e8m0
// CHECK: stablehlo.constant dense<1.701410e+38> : tensor<2xf8E8M0FNU>
func.func @asinh_e8m0(%a: tensor<2xf8E8M0FNU>) -> tensor<2xf8E8M0FNU> {
  %0 = chlo.asinh %a : tensor<2xf8E8M0FNU> -> tensor<2xf8E8M0FNU>
  func.return %0 : tensor<2xf8E8M0FNU>
}

// CHECK-LABEL: func.func @next_after_e3m4
// CHECK: stablehlo.bitcast_convert %arg0 : (tensor<2xf8E3M4>) -> tensor<2xi8>
// CHECK: %[[NAN:.*]] = stablehlo.constant dense<0x78> : tensor<2xf8E3M4>
// CHECK: stablehlo.bitcast_convert %[[NAN]] : (tensor<2xf8E3M4>) -> tensor<2xi8>
// CHECK: stablehlo.constant dense<-128> : tensor<2xi8>
func.func @next_after_e3m4(%a: tensor<2xf8E3M4>, %b: tensor<2xf8E3M4>) -> tensor<2xf8E3M4> {
  %0 = chlo.next_after %a, %b : tensor<2xf8E3M4>, tensor<2xf8E3M4> -> tensor<2xf8E3M4>
  func.return %0 : tensor<2xf8E3M4>
}

// CHECK-LABEL: func.func @atanh_b11
// CHECK: stablehlo.constant dense<0x80> : tensor<2xf8E4M3B11FNUZ>
// CHECK: stablehlo.constant dense<5.000000e-01> : tensor<2xf8E4M3B11FNUZ>
func.func @atanh_b11(%a: tensor<2xf8E4M3B11FNUZ>) -> tensor<2xf8E4M3B11FNUZ> {
  %0 = chlo.atanh %a : tensor<2xf8E4M3B11FNUZ> -> tensor<2xf8E4M3B11FNUZ>
  func.return %0 : tensor<2xf8E4M3B11FNUZ>
}

// CHECK-LABEL: func.func @tan_square_conj
// CHECK: %[[T:.*]] = stablehlo.tan %arg0 : tensor<2xf6E3M2FN>
// CHECK: %[[S:.*]] = stablehlo.multiply %[[T]], %[[T]] : tensor<2xf6E3M2FN>
// CHECK: return %[[S]]
func.func @tan_square_conj(%a: tensor<2xf6E3M2FN>) -> tensor<2xf6E3M2FN> {
  %0 = chlo.tan %a : tensor<2xf6E3M2FN> -> tensor<2xf6E3M2FN>
  %1 = chlo.square %0 : tensor<2xf6E3M2FN> -> tensor<2xf6E3M2FN>
  %2 = chlo.conj %1 : tensor<2xf6E3M2FN> -> tensor<2xf6E3M2FN>
  func.return %2 : tensor<2xf6E3M2FN>
}

// CHECK-LABEL: func.func @top_k
// CHECK: stablehlo.compare  GT, %{{.*}}, %{{.*}},  TOTALORDER : (tensor<f6E3M2FN>, tensor<f6E3M2FN>) -> tensor<i1>
// CHECK: stablehlo.slice %{{.*}} [0:2] : (tensor<4xf6E3M2FN>) -> tensor<2xf6E3M2FN>
func.func @top_k(%a: tensor<4xf6E3M2FN>) -> (tensor<2xf6E3M2FN>, tensor<2xi32>) {
  %0:2 = chlo.top_k(%a, k = 2) : tensor<4xf6E3M2FN> -> (tensor<2xf6E3M2FN>, tensor<2xi32>)
  func.return %0#0, %0#1 : tensor<2xf6E3M2FN>, tensor<2xi32>
}

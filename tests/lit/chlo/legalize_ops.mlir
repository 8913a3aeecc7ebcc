// RUN: stablehlo-opt --chlo-legalize-to-stablehlo %s | FileCheck %s
// RUN: stablehlo-opt --chlo-pre-serialization-pipeline %s | FileCheck %s
// The structure of the CHLO lowerings: numpy broadcasting through
// broadcast_in_dim, compare types kept, scalars splatted, the f32 upcast of
// narrow floats, top_k through iota + sort + slice.

// CHECK-LABEL: func.func @bcast_add
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.add %arg0, %[[B]] : tensor<2x3xf32>
func.func @bcast_add(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @same_shape
// CHECK-NOT: broadcast_in_dim
// CHECK: stablehlo.shift_left %arg0, %arg1 : tensor<4xi32>
func.func @same_shape(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = chlo.broadcast_shift_left %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// CHECK-LABEL: func.func @compare
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK: stablehlo.compare  LT, %arg0, %[[B]],  TOTALORDER
func.func @compare(%a: tensor<2x3xf32>, %b: tensor<f32>) -> tensor<2x3xi1> {
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
  func.return %0 : tensor<2x3xi1>
}

// CHECK-LABEL: func.func @select
// CHECK: %[[P:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xi1>) -> tensor<2x3xi1>
// CHECK: %[[F:.*]] = stablehlo.broadcast_in_dim %arg2, dims = []
// CHECK: stablehlo.select %[[P]], %arg1, %[[F]]
func.func @select(%p: tensor<3xi1>, %a: tensor<2x3xf32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_select %p, %a, %b : (tensor<3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @constant_like
// CHECK: stablehlo.constant dense<2.500000e+00> : tensor<2xf64>
func.func @constant_like(%a: tensor<2xf64>) -> tensor<2xf64> {
  %0 = "chlo.constant_like"(%a) {value = 2.5 : f64} : (tensor<2xf64>) -> tensor<2xf64>
  func.return %0 : tensor<2xf64>
}

// CHECK-LABEL: func.func @unary
// CHECK: %[[ABS:.*]] = stablehlo.abs %arg0
// CHECK: %[[INF:.*]] = stablehlo.constant dense<0x7F800000> : tensor<4xf32>
// CHECK: stablehlo.compare  EQ, %[[ABS]], %[[INF]]
// CHECK: stablehlo.tan %arg0
// CHECK: stablehlo.negate
// CHECK: stablehlo.complex
// CHECK: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: stablehlo.atan2 %arg0, %[[ONE]]
// CHECK: return {{.*}}, %arg0 :
func.func @unary(%a: tensor<4xf32>, %c: tensor<2xcomplex<f32>>) -> (tensor<4xi1>, tensor<4xf32>, tensor<2xcomplex<f32>>, tensor<4xf32>, tensor<4xf32>) {
  %0 = chlo.is_inf %a : tensor<4xf32> -> tensor<4xi1>
  %1 = chlo.tan %a : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.conj %c : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  %3 = chlo.atan %a : tensor<4xf32> -> tensor<4xf32>
  %4 = chlo.conj %a : tensor<4xf32> -> tensor<4xf32>
  func.return %0, %1, %2, %3, %4 : tensor<4xi1>, tensor<4xf32>, tensor<2xcomplex<f32>>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @upcast
// CHECK: stablehlo.convert %arg0 : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK: stablehlo.log_plus_one
// CHECK: stablehlo.sine
// CHECK: stablehlo.is_finite
// CHECK-NOT: chlo.
// CHECK: stablehlo.convert {{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
func.func @upcast(%a: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = chlo.lgamma %a : tensor<4xbf16> -> tensor<4xbf16>
  func.return %0 : tensor<4xbf16>
}

// CHECK-LABEL: func.func @mulhi
// CHECK-DAG: stablehlo.convert %arg0 : (tensor<3xi16>) -> tensor<3xi32>
// CHECK-DAG: stablehlo.convert %arg1 : (tensor<3xi16>) -> tensor<3xi32>
// CHECK: %[[S:.*]] = stablehlo.constant dense<16> : tensor<3xi32>
// CHECK: stablehlo.shift_right_arithmetic {{.*}}, %[[S]]
// CHECK: stablehlo.convert {{.*}} : (tensor<3xi32>) -> tensor<3xi16>
func.func @mulhi(%a: tensor<3xi16>, %b: tensor<3xi16>) -> tensor<3xi16> {
  %0 = "chlo.mulhi"(%a, %b) : (tensor<3xi16>, tensor<3xi16>) -> tensor<3xi16>
  func.return %0 : tensor<3xi16>
}

// CHECK-LABEL: func.func @top_k
// CHECK: %[[I:.*]] = stablehlo.iota dim = 1 : tensor<2x5xi32>
// CHECK: "stablehlo.sort"(%arg0, %[[I]]) <{dimension = 1 : i64, is_stable = true}>
// CHECK: stablehlo.compare  GT, %arg1, %arg2,  TOTALORDER
// CHECK: stablehlo.slice %{{.*}}#0 [0:2, 0:3]
// CHECK: stablehlo.slice %{{.*}}#1 [0:2, 0:3]
func.func @top_k(%a: tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %0:2 = chlo.top_k(%a, k = 3) : tensor<2x5xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  func.return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// The ops come in the order StableHLO creates them (operands left to right,
// each named subexpression where it is first used).
// CHECK-LABEL: func.func @asin_order
// CHECK-NEXT: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[SUB:.*]] = stablehlo.subtract %[[ONE]], %arg0
// CHECK-NEXT: %[[ADD:.*]] = stablehlo.add %[[ONE]], %arg0
// CHECK-NEXT: %[[MUL:.*]] = stablehlo.multiply %[[SUB]], %[[ADD]]
// CHECK-NEXT: %[[SQRT:.*]] = stablehlo.sqrt %[[MUL]]
// CHECK-NEXT: %[[ADD1:.*]] = stablehlo.add %[[ONE]], %[[SQRT]]
// CHECK-NEXT: %[[TA:.*]] = stablehlo.atan2 %arg0, %[[ADD1]]
// CHECK-NEXT: %[[R:.*]] = stablehlo.add %[[TA]], %[[TA]]
// CHECK-NEXT: return %[[R]]
func.func @asin_order(%a: tensor<f32>) -> tensor<f32> {
  %0 = chlo.asin %a : tensor<f32> -> tensor<f32>
  func.return %0 : tensor<f32>
}

// StableHLO's aggressive folder on shape ops of constants, within
// fold-op-element-limit where a fold grows constants.
// RUN: stablehlo-opt -stablehlo-aggressive-folder=fold-op-element-limit=16 -split-input-file %s | FileCheck %s
// RUN: stablehlo-opt -stablehlo-aggressive-folder=fold-op-element-limit=0 -split-input-file %s | FileCheck %s --check-prefix=LIMIT0

// CHECK-LABEL: func.func @shape_ops
// CHECK-DAG:     stablehlo.constant dense<7> : tensor<3x4xi32>
// CHECK-DAG:     stablehlo.constant dense<{{\[}}[1, 3], [2, 4]]> : tensor<2x2xi32>
// CHECK-DAG:     stablehlo.constant dense<[2, 4]> : tensor<2xi32>
// CHECK-DAG:     stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
// CHECK-DAG:     stablehlo.constant dense<[4, 3, 2, 1]> : tensor<4xi32>
// CHECK-DAG:     stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK-NOT:     stablehlo.broadcast_in_dim
// LIMIT0-LABEL: func.func @shape_ops
// LIMIT0-NOT:     stablehlo.broadcast_in_dim
// LIMIT0-NOT:     stablehlo.transpose
// LIMIT0:         stablehlo.concatenate
// LIMIT0:         stablehlo.reverse
func.func @shape_ops() -> (tensor<3x4xi32>, tensor<2x2xi32>, tensor<2xi32>, tensor<5xi32>, tensor<4xi32>, tensor<4xi32>) {
  %s = stablehlo.constant dense<7> : tensor<i32>
  %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
  %m = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %1 = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x2xi32>) -> tensor<2x2xi32>
  %v = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %2 = stablehlo.slice %v [1:4:2] : (tensor<4xi32>) -> tensor<2xi32>
  %five = stablehlo.constant dense<5> : tensor<1xi32>
  %3 = stablehlo.concatenate %v, %five, dim = 0 : (tensor<4xi32>, tensor<1xi32>) -> tensor<5xi32>
  %4 = stablehlo.reverse %v, dims = [0] : tensor<4xi32>
  %r = stablehlo.reshape %m : (tensor<2x2xi32>) -> tensor<4xi32>
  return %0, %1, %2, %3, %4, %r : tensor<3x4xi32>, tensor<2x2xi32>, tensor<2xi32>, tensor<5xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Adjacent equal splats of a concatenate become one.
// CHECK-LABEL: func.func @adjacent_splats
// CHECK:         %[[C:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK:         stablehlo.concatenate %[[C]], %arg0, dim = 0
func.func @adjacent_splats(%arg0: tensor<2xf32>) -> tensor<6xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<2xf32>
  %0 = stablehlo.concatenate %c, %c, %arg0, dim = 0 : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// select on constants, iota of one element, reduce whose body returns
// values from outside, while whose condition is false.
// CHECK-LABEL: func.func @control
// CHECK-DAG:     %[[S:.*]] = stablehlo.constant dense<[1, 20]> : tensor<2xi32>
// CHECK-DAG:     %[[Z:.*]] = stablehlo.constant dense<0> : tensor<1xi32>
// CHECK-DAG:     %[[F:.*]] = stablehlo.constant dense<5.000000e+00> : tensor<f32>
// CHECK:         return %[[S]], %[[Z]], %[[F]], %arg0
func.func @control(%arg0: tensor<i64>) -> (tensor<2xi32>, tensor<1xi32>, tensor<f32>, tensor<i64>) {
  %p = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
  %0 = stablehlo.select %p, %a, %b : tensor<2xi1>, tensor<2xi32>
  %1 = stablehlo.iota dim = 0 : tensor<1xi32>
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %five = stablehlo.constant dense<5.0> : tensor<f32>
  %2 = stablehlo.reduce(%x init: %init) across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    reducer(%u: tensor<f32>, %w: tensor<f32>) {
      stablehlo.return %five : tensor<f32>
    }
  %3 = stablehlo.while(%it = %arg0) : tensor<i64>
    cond {
      %f = stablehlo.constant dense<false> : tensor<i1>
      stablehlo.return %f : tensor<i1>
    } do {
      stablehlo.return %it : tensor<i64>
    }
  return %0, %1, %2, %3 : tensor<2xi32>, tensor<1xi32>, tensor<f32>, tensor<i64>
}

// StableHLO's aggressive simplification patterns (no folding of constants).
// RUN: stablehlo-opt -stablehlo-aggressive-simplification -split-input-file %s | FileCheck %s

// Constants go to the right of commutative ops; x+0, x*1, x-0 go; x*0 and
// x&0 become the zero for integers only; float x - x stays (it is no 0 for
// inf and NaN), integer x - x is 0.
// CHECK-LABEL: func.func @binary
// CHECK-DAG:     %[[Z:.*]] = stablehlo.constant dense<0> : tensor<4xi32>
// CHECK-DAG:     %[[FZ:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG:     %[[MUL:.*]] = stablehlo.multiply %arg1, %[[FZ]]
// CHECK-DAG:     %[[SUB:.*]] = stablehlo.subtract %arg1, %arg1
// CHECK:         return %arg0, %arg1, %[[Z]], %[[MUL]], %[[SUB]], %[[Z]], %arg0
func.func @binary(%arg0: tensor<4xi32>, %arg1: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>) {
  %z = stablehlo.constant dense<0> : tensor<4xi32>
  %one = stablehlo.constant dense<1.0> : tensor<4xf32>
  %fz = stablehlo.constant dense<0.0> : tensor<4xf32>
  %0 = stablehlo.add %z, %arg0 : tensor<4xi32>
  %1 = stablehlo.multiply %one, %arg1 : tensor<4xf32>
  %2 = stablehlo.multiply %arg0, %z : tensor<4xi32>
  %3 = stablehlo.multiply %arg1, %fz : tensor<4xf32>
  %4 = stablehlo.subtract %arg1, %arg1 : tensor<4xf32>
  %5 = stablehlo.subtract %arg0, %arg0 : tensor<4xi32>
  %6 = stablehlo.or %arg0, %z : tensor<4xi32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Integer compares: X vs X folds, a constant moves right with the
// direction inverted; float compares are left.
// CHECK-LABEL: func.func @compare
// CHECK-DAG:     %[[T:.*]] = stablehlo.constant dense<true> : tensor<i1>
// CHECK-DAG:     %[[C:.*]] = stablehlo.constant dense<3> : tensor<i32>
// CHECK-DAG:     %[[INV:.*]] = stablehlo.compare GT, %arg0, %[[C]], SIGNED
// CHECK-DAG:     %[[F:.*]] = stablehlo.compare EQ, %arg1, %arg1, FLOAT
// CHECK:         return %[[T]], %[[INV]], %[[F]]
func.func @compare(%arg0: tensor<i32>, %arg1: tensor<f32>) -> (tensor<i1>, tensor<i1>, tensor<i1>) {
  %c = stablehlo.constant dense<3> : tensor<i32>
  %0 = stablehlo.compare GE, %arg0, %arg0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %1 = stablehlo.compare LT, %c, %arg0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %2 = stablehlo.compare EQ, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0, %1, %2 : tensor<i1>, tensor<i1>, tensor<i1>
}

// -----

// broadcast_in_dim: identity goes, nested ones merge, same-size ones become
// reshape (sorted dims) or transpose.
// CHECK-LABEL: func.func @broadcast
// CHECK-DAG:     %[[M:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<2x3x4xf32>
// CHECK-DAG:     %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<3xf32>) -> tensor<1x3xf32>
// CHECK-DAG:     %[[T:.*]] = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK:         return %arg0, %[[M]], %[[R]], %[[T]]
func.func @broadcast(%arg0: tensor<3xf32>, %arg1: tensor<2x3xf32>) -> (tensor<3xf32>, tensor<2x3x4xf32>, tensor<1x3xf32>, tensor<3x2xf32>) {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<3xf32>) -> tensor<3xf32>
  %1 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<3xf32>) -> tensor<3x4xf32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [1, 2] : (tensor<3x4xf32>) -> tensor<2x3x4xf32>
  %3 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
  %4 = stablehlo.broadcast_in_dim %arg1, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0, %2, %3, %4 : tensor<3xf32>, tensor<2x3x4xf32>, tensor<1x3xf32>, tensor<3x2xf32>
}

// -----

// reshape/transpose/convert no-ops and compositions.
// CHECK-LABEL: func.func @shapes
// CHECK-DAG:     %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK-DAG:     %[[T:.*]] = stablehlo.reshape %arg1 : (tensor<1x4xf32>) -> tensor<4x1xf32>
// CHECK:         return %arg0, %[[R]], %arg0, %[[T]], %arg0
func.func @shapes(%arg0: tensor<2x3xf32>, %arg1: tensor<1x4xf32>) -> (tensor<2x3xf32>, tensor<6xf32>, tensor<2x3xf32>, tensor<4x1xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = stablehlo.reshape %1 : (tensor<3x2xf32>) -> tensor<6xf32>
  %3 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %4 = stablehlo.transpose %3, dims = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %5 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<1x4xf32>) -> tensor<4x1xf32>
  %6 = stablehlo.convert %arg0 : tensor<2x3xf32>
  return %0, %2, %4, %5, %6 : tensor<2x3xf32>, tensor<6xf32>, tensor<2x3xf32>, tensor<4x1xf32>, tensor<2x3xf32>
}

// -----

// select: equal outcomes, a splat predicate, a negated predicate.
// CHECK-LABEL: func.func @select
// CHECK:         %[[S:.*]] = stablehlo.select %arg0, %arg2, %arg1
// CHECK:         return %arg1, %arg2, %[[S]]
func.func @select(%arg0: tensor<4xi1>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %f = stablehlo.constant dense<false> : tensor<4xi1>
  %0 = stablehlo.select %arg0, %arg1, %arg1 : tensor<4xi1>, tensor<4xf32>
  %1 = stablehlo.select %f, %arg1, %arg2 : tensor<4xi1>, tensor<4xf32>
  %n = stablehlo.not %arg0 : tensor<4xi1>
  %2 = stablehlo.select %n, %arg1, %arg2 : tensor<4xi1>, tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// concatenate: a single input, empty inputs, nested ones; a slice reading
// one input of a concatenate.
// CHECK-LABEL: func.func @concatenate
// CHECK:         %[[C:.*]] = stablehlo.concatenate %arg0, %arg1, %arg0, dim = 0
// CHECK:         %[[S:.*]] = stablehlo.slice %arg1 [0:1]
// CHECK:         return %arg0, %[[C]], %[[S]]
func.func @concatenate(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>, %arg2: tensor<0xf32>) -> (tensor<2xf32>, tensor<7xf32>, tensor<1xf32>) {
  %0 = stablehlo.concatenate %arg0, dim = 0 : (tensor<2xf32>) -> tensor<2xf32>
  %1 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
  %2 = stablehlo.concatenate %1, %arg0, dim = 0 : (tensor<5xf32>, tensor<2xf32>) -> tensor<7xf32>
  %3 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
  %4 = stablehlo.slice %3 [2:3] : (tensor<5xf32>) -> tensor<1xf32>
  return %0, %2, %4 : tensor<2xf32>, tensor<7xf32>, tensor<1xf32>
}

// -----

// Discardable attributes of a removed no-op go to the producer of what
// replaces it.
// CHECK-LABEL: func.func @merge_attributes
// CHECK:         stablehlo.abs %arg0 {mhlo.frontend_attributes = {a = "1", b = "2"}, other = 3 : i64}
func.func @merge_attributes(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<4xf32>
  %0 = stablehlo.abs %arg0 {mhlo.frontend_attributes = {a = "1"}} : tensor<4xf32>
  %1 = stablehlo.add %0, %z {mhlo.frontend_attributes = {b = "2"}, other = 3} : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Loop invariants become implicit captures; reduce results nobody uses go.
// CHECK-LABEL: func.func @loops
// CHECK:         %[[W:.*]] = stablehlo.while(%[[IT:.*]] = %arg0) : tensor<i64>
// CHECK:           stablehlo.compare LT, %[[IT]], %arg1
// CHECK:           stablehlo.add %[[IT]], %arg1
// CHECK:         stablehlo.reduce(%arg2 init: %arg3) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
func.func @loops(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<4xf32>, %arg3: tensor<f32>, %arg4: tensor<4xi32>, %arg5: tensor<i32>) -> (tensor<i64>, tensor<f32>) {
  %0:2 = stablehlo.while(%i = %arg0, %n = %arg1) : tensor<i64>, tensor<i64>
    cond {
      %c = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %s = stablehlo.add %i, %n : tensor<i64>
      stablehlo.return %s, %n : tensor<i64>, tensor<i64>
    }
  %1:2 = stablehlo.reduce(%arg2 init: %arg3), (%arg4 init: %arg5) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: tensor<i32>, %d: tensor<i32>) {
      %s = stablehlo.add %a, %b : tensor<f32>
      %t = stablehlo.add %c, %d : tensor<i32>
      stablehlo.return %s, %t : tensor<f32>, tensor<i32>
    }
  return %0#0, %1#0 : tensor<i64>, tensor<f32>
}

// -----

// Zero-extent tensors become empty constants; iota of rank 2 becomes a
// broadcast of a 1-D iota.
// CHECK-LABEL: func.func @zero_extent_and_iota
// CHECK-DAG:     %[[E:.*]] = stablehlo.constant dense<> : tensor<0x4xf32>
// CHECK-DAG:     %[[I:.*]] = stablehlo.iota dim = 0 : tensor<3xi32>
// CHECK-DAG:     %[[B:.*]] = stablehlo.broadcast_in_dim %[[I]], dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
// CHECK:         return %[[E]], %[[B]]
func.func @zero_extent_and_iota(%arg0: tensor<0x4xf32>) -> (tensor<0x4xf32>, tensor<2x3xi32>) {
  %0 = stablehlo.abs %arg0 : tensor<0x4xf32>
  %1 = stablehlo.iota dim = 1 : tensor<2x3xi32>
  return %0, %1 : tensor<0x4xf32>, tensor<2x3xi32>
}

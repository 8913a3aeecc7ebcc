// StableHLO's simplification patterns on dynamic shapes, with the shape
// dialect's const_shape and shape_of.
// RUN: stablehlo-opt -stablehlo-aggressive-simplification -split-input-file %s | FileCheck %s

// A dynamic_iota of a static type is an iota; of rank 2, the iota along its
// dimension broadcast to the shape (an index shape goes through
// arith.index_cast, an integer one through convert).
// CHECK-LABEL: func.func @iota
// CHECK-NEXT:    %[[I:.*]] = stablehlo.iota dim = 0 : tensor<3xi64>
// CHECK-NEXT:    %[[C:.*]] = stablehlo.convert %arg1 : (tensor<2xi32>) -> tensor<2xi64>
// CHECK-NEXT:    %[[S:.*]] = stablehlo.slice %[[C]] [0:1] : (tensor<2xi64>) -> tensor<1xi64>
// CHECK-NEXT:    %[[D:.*]] = stablehlo.dynamic_iota %[[S]], dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
// CHECK-NEXT:    %[[B:.*]] = stablehlo.dynamic_broadcast_in_dim %[[D]], %arg1, dims = [0] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x6xf32>
// CHECK-NEXT:    %[[X:.*]] = arith.index_cast %arg0 : tensor<2xindex> to tensor<2xi64>
// CHECK-NEXT:    %[[T:.*]] = stablehlo.slice %[[X]] [1:2] : (tensor<2xi64>) -> tensor<1xi64>
// CHECK-NEXT:    %[[E:.*]] = stablehlo.dynamic_iota %[[T]], dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
// CHECK-NEXT:    %[[F:.*]] = stablehlo.dynamic_broadcast_in_dim %[[E]], %arg0, dims = [1] : (tensor<?xi32>, tensor<2xindex>) -> tensor<2x?xi32>
// CHECK-NEXT:    return %[[I]], %[[B]], %[[F]]
func.func @iota(%arg0: tensor<2xindex>, %arg1: tensor<2xi32>, %arg2: tensor<1xi64>) -> (tensor<3xi64>, tensor<?x6xf32>, tensor<2x?xi32>) {
  %0 = stablehlo.dynamic_iota %arg2, dim = 0 : (tensor<1xi64>) -> tensor<3xi64>
  %1 = stablehlo.dynamic_iota %arg1, dim = 0 : (tensor<2xi32>) -> tensor<?x6xf32>
  %2 = stablehlo.dynamic_iota %arg0, dim = 1 : (tensor<2xindex>) -> tensor<2x?xi32>
  return %0, %1, %2 : tensor<3xi64>, tensor<?x6xf32>, tensor<2x?xi32>
}

// -----

// Constant operands make dynamic_pad, dynamic_gather and real_dynamic_slice
// their static forms, the discardable attributes carried over; a limit that
// is the start plus a constant makes a dynamic_slice of unit strides.
// CHECK-LABEL: func.func @constant_operands
// CHECK-NEXT:    %[[P:.*]] = stablehlo.pad %arg0, %arg1, low = [1, 0], high = [0, 2], interior = [0, 1] {mhlo.frontend_attributes = {a = "1"}} : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x9xf32>
// CHECK-NEXT:    %[[G:.*]] = "stablehlo.gather"(%arg0, %arg2) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
// CHECK-NEXT:    %[[S:.*]] = stablehlo.slice %arg0 [1:3:2, 0:4:3] : (tensor<3x4xf32>) -> tensor<1x2xf32>
// CHECK-NEXT:    %[[A:.*]] = stablehlo.slice %arg3 [0:1] : (tensor<2xi64>) -> tensor<1xi64>
// CHECK-NEXT:    %[[B:.*]] = stablehlo.reshape %[[A]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT:    %[[C:.*]] = stablehlo.slice %arg3 [1:2] : (tensor<2xi64>) -> tensor<1xi64>
// CHECK-NEXT:    %[[D:.*]] = stablehlo.reshape %[[C]] : (tensor<1xi64>) -> tensor<i64>
// CHECK-NEXT:    %[[E:.*]] = stablehlo.dynamic_slice %arg0, %[[B]], %[[D]], sizes = [2, 3] : (tensor<3x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[P]], %[[G]], %[[S]], %[[E]]
func.func @constant_operands(%arg0: tensor<3x4xf32>, %arg1: tensor<f32>, %arg2: tensor<2x1xi32>, %arg3: tensor<2xi64>) -> (tensor<4x9xf32>, tensor<2x4xf32>, tensor<1x2xf32>, tensor<2x3xf32>) {
  %lo = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[0, 2]> : tensor<2xi64>
  %in = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %0 = stablehlo.dynamic_pad %arg0, %arg1, %lo, %hi, %in {mhlo.frontend_attributes = {a = "1"}} : (tensor<3x4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x9xf32>
  %sizes = stablehlo.constant dense<[1, 4]> : tensor<2xi32>
  %1 = "stablehlo.dynamic_gather"(%arg0, %arg2, %sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x4xf32>
  %start = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %limit = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  %strides = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %2 = stablehlo.real_dynamic_slice %arg0, %start, %limit, %strides : (tensor<3x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2xf32>
  %size = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %ones = stablehlo.constant dense<1> : tensor<2xi64>
  %end = stablehlo.add %size, %arg3 : tensor<2xi64>
  %3 = stablehlo.real_dynamic_slice %arg0, %arg3, %end, %ones : (tensor<3x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<4x9xf32>, tensor<2x4xf32>, tensor<1x2xf32>, tensor<2x3xf32>
}

// -----

// Strides other than one leave a real_dynamic_slice of a computed limit.
// CHECK-LABEL: func.func @strided_limit
// CHECK:         stablehlo.real_dynamic_slice
func.func @strided_limit(%arg0: tensor<3x4xf32>, %arg1: tensor<2xi64>) -> tensor<1x2xf32> {
  %size = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %two = stablehlo.constant dense<2> : tensor<2xi64>
  %end = stablehlo.add %arg1, %size : tensor<2xi64>
  %0 = stablehlo.real_dynamic_slice %arg0, %arg1, %end, %two : (tensor<3x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}

// -----

// dynamic_reshape: of a static type a reshape; of a dynamic_reshape the
// inner one's operand; through an element-wise op of a reshape to the same
// shape the element-wise op.
// CHECK-LABEL: func.func @reshape
// CHECK-NEXT:    %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<?xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    %[[E:.*]] = stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
// CHECK-NEXT:    %[[D:.*]] = stablehlo.dynamic_reshape %arg0, %arg2 {mhlo.frontend_attributes = {b = "2"}} : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
// CHECK-NEXT:    %[[N:.*]] = stablehlo.negate %[[E]] : tensor<?x?xf32>
// CHECK-NEXT:    return %[[R]], %[[D]], %[[N]]
func.func @reshape(%arg0: tensor<?xf32>, %arg1: tensor<2xi32>, %arg2: tensor<2xi32>) -> (tensor<2x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<?xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  %1 = stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %2 = stablehlo.dynamic_reshape %1, %arg2 {mhlo.frontend_attributes = {b = "2"}} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %3 = stablehlo.negate %1 : tensor<?x?xf32>
  %4 = stablehlo.dynamic_reshape %3, %arg1 : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0, %2, %4 : tensor<2x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// dynamic_broadcast_in_dim: of a static operand to a static type a
// broadcast_in_dim; to constant output dimensions one of the refined type,
// converted back for the return; of another one merged; of a
// dynamic_reshape to the same shape with iota dims the reshape; to the
// shape of its operand the operand; all dims non-expanding a convert (gone
// when the types agree).
// CHECK-LABEL: func.func @broadcast
// CHECK-NEXT:    %[[S:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %[[R:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[C:.*]] = stablehlo.convert %[[R]] : (tensor<2x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT:    %[[M:.*]] = stablehlo.dynamic_broadcast_in_dim %arg1, %arg3, dims = [2] {known_expanding_dimensions = array<i64>, known_nonexpanding_dimensions = array<i64>} : (tensor<?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
// CHECK-NEXT:    %[[D:.*]] = stablehlo.dynamic_reshape %arg1, %arg2 : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %[[S]], %[[C]], %[[M]], %[[D]], %arg1, %arg1
func.func @broadcast(%arg0: tensor<3xf32>, %arg1: tensor<?xf32>, %arg2: tensor<2xindex>, %arg3: tensor<3xindex>) -> (tensor<3x5xf32>, tensor<?x3xf32>, tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg2, dims = [0] : (tensor<3xf32>, tensor<2xindex>) -> tensor<3x5xf32>
  %shape = shape.const_shape [2, 3] : tensor<2xindex>
  %1 = stablehlo.dynamic_broadcast_in_dim %arg0, %shape, dims = [1] : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
  %2 = stablehlo.dynamic_broadcast_in_dim %arg1, %arg2, dims = [1] : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %3 = stablehlo.dynamic_broadcast_in_dim %2, %arg3, dims = [0, 2] : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
  %4 = stablehlo.dynamic_reshape %arg1, %arg2 : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %5 = stablehlo.dynamic_broadcast_in_dim %4, %arg2, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %own = shape.shape_of %arg1 : tensor<?xf32> -> tensor<1xindex>
  %6 = stablehlo.dynamic_broadcast_in_dim %arg1, %own, dims = [0] : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  %7 = "stablehlo.dynamic_broadcast_in_dim"(%arg1, %own) <{broadcast_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>}> : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
  return %0, %1, %3, %5, %6, %7 : tensor<3x5xf32>, tensor<?x3xf32>, tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>
}

// -----

// shape_of: of a dynamic_reshape its shape operand (attributes merged into
// the shape's producer); of a static tensor a const_shape.
// CHECK-LABEL: func.func @shape_of
// CHECK-NEXT:    %[[C:.*]] = shape.const_shape  {mhlo.frontend_attributes = {c = "3"}}[4, 2] : tensor<2xindex>
// CHECK-NEXT:    %[[K:.*]] = shape.const_shape [7, 7] : tensor<?xindex>
// CHECK-NEXT:    return %[[C]], %[[K]]
func.func @shape_of(%arg0: tensor<?xf32>, %arg1: tensor<7x7xf32>) -> (tensor<2xindex>, tensor<?xindex>) {
  %shape = shape.const_shape [4, 2] : tensor<2xindex>
  %0 = stablehlo.dynamic_reshape %arg0, %shape : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = shape.shape_of %0 {mhlo.frontend_attributes = {c = "3"}} : tensor<?x?xf32> -> tensor<2xindex>
  %2 = shape.shape_of %arg1 : tensor<7x7xf32> -> tensor<?xindex>
  return %1, %2 : tensor<2xindex>, tensor<?xindex>
}

// RUN: stablehlo-opt --allow-unregistered-dialect -canonicalize %s | FileCheck %s
// RUN: stablehlo-opt --allow-unregistered-dialect -canonicalize=top-down=false %s | FileCheck %s
// RUN: stablehlo-opt --allow-unregistered-dialect -canonicalize=region-simplify=disabled %s | FileCheck %s
// The greedy driver erases unreachable blocks after seeding and before the
// first pop; the ops those blocks used (shape_of, constants, deduplicated
// ones included) are then pushed again, which leaves them where seeding
// put them (MLIR's worklist keeps an op's first position). Output as
// mlir-opt-22 -canonicalize prints it, in all three modes.

// CHECK-LABEL: func.func @f(
// CHECK-NEXT:    %0 = shape.const_shape [4] : tensor<1xindex>
// CHECK-NEXT:    %1 = shape.const_shape [2, 3] : tensor<2xindex>
// CHECK-NEXT:    %2 = shape.const_shape [5, 6, 7] : tensor<3xindex>
// CHECK-NEXT:    %3 = "foo.id"(%0) : (tensor<1xindex>) -> tensor<1xindex>
// CHECK-NEXT:    return %1, %2 : tensor<2xindex>, tensor<3xindex>
// CHECK-NEXT:  }
func.func @f(%a: tensor<2x3xf32>, %b: tensor<4xf32>, %c: tensor<5x6x7xf32>) -> (tensor<2xindex>, tensor<3xindex>) {
  %s1 = shape.shape_of %b : tensor<4xf32> -> tensor<1xindex>
  %s0 = shape.shape_of %a : tensor<2x3xf32> -> tensor<2xindex>
  %s2 = shape.shape_of %c : tensor<5x6x7xf32> -> tensor<3xindex>
  %u = "foo.id"(%s1) : (tensor<1xindex>) -> tensor<1xindex>
  return %s0, %s2 : tensor<2xindex>, tensor<3xindex>
^bb1:
  "foo.use"(%s1, %u) : (tensor<1xindex>, tensor<1xindex>) -> ()
  return %s0, %s2 : tensor<2xindex>, tensor<3xindex>
}

// CHECK-LABEL: func.func @nested(
// CHECK-NEXT:    %0 = "foo.region"() ({
// CHECK-NEXT:      %1 = shape.const_shape [8] : tensor<1xindex>
// CHECK-NEXT:      "foo.yield"(%1) : (tensor<1xindex>) -> ()
// CHECK-NEXT:    }) : () -> tensor<1xindex>
// CHECK-NEXT:    return %0 : tensor<1xindex>
// CHECK-NEXT:  }
func.func @nested(%a: tensor<8xf32>, %b: tensor<9x9xf32>) -> tensor<1xindex> {
  %s0 = shape.shape_of %a : tensor<8xf32> -> tensor<1xindex>
  %s1 = shape.shape_of %b : tensor<9x9xf32> -> tensor<2xindex>
  %z = "foo.region"() ({
    %w = shape.shape_of %a : tensor<8xf32> -> tensor<1xindex>
    "foo.yield"(%w) : (tensor<1xindex>) -> ()
  ^bb1:
    "foo.use"(%s1) : (tensor<2xindex>) -> ()
    "foo.yield"(%s0) : (tensor<1xindex>) -> ()
  }) : () -> tensor<1xindex>
  return %z : tensor<1xindex>
}

// CHECK-LABEL: func.func @constants(
// CHECK-NEXT:    %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:    %0 = shape.const_shape [2, 3] : tensor<2xindex>
// CHECK-NEXT:    %1 = "foo.id"(%c2_i32) : (i32) -> i32
// CHECK-NEXT:    return %0, %1 : tensor<2xindex>, i32
// CHECK-NEXT:  }
func.func @constants(%a: tensor<2x3xf32>) -> (tensor<2xindex>, i32) {
  %c1 = arith.constant 1 : i32
  %s0 = shape.shape_of %a : tensor<2x3xf32> -> tensor<2xindex>
  %c2 = arith.constant 2 : i32
  %u = "foo.id"(%c2) : (i32) -> i32
  return %s0, %u : tensor<2xindex>, i32
^bb1:
  %c3 = arith.constant 3 : i32
  %c1b = arith.constant 1 : i32
  %s1 = shape.shape_of %a : tensor<2x3xf32> -> tensor<2xindex>
  "foo.use"(%c1, %c3, %c1b, %s1) : (i32, i32, i32, tensor<2xindex>) -> ()
  return %s1, %c1 : tensor<2xindex>, i32
^bb2:
  %c4 = arith.constant 4 : i32
  "foo.use"(%c4, %s0) : (i32, tensor<2xindex>) -> ()
  return %s0, %c4 : tensor<2xindex>, i32
}

// CHECK-LABEL: func.func @loop(
// CHECK-NEXT:    %0 = shape.const_shape [4] : tensor<1xindex>
// CHECK-NEXT:    "foo.br"()[^bb1] : () -> ()
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
// CHECK-NEXT:    return %0 : tensor<1xindex>
// CHECK-NEXT:  }
func.func @loop(%a: tensor<4xf32>) -> tensor<1xindex> {
  %s = shape.shape_of %a : tensor<4xf32> -> tensor<1xindex>
  %c5 = arith.constant 5 : i32
  "foo.br"()[^bb2] : () -> ()
^bb1:
  "foo.use"(%c5) : (i32) -> ()
  "foo.br"()[^bb1] : () -> ()
^bb2:
  %t = shape.shape_of %a : tensor<4xf32> -> tensor<1xindex>
  return %t : tensor<1xindex>
}

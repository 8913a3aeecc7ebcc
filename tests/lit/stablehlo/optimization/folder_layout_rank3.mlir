// StableHLO's aggressive folder on rank-3 layout ops of constants: a strided
// slice, a rotating transpose and a reverse of two dimensions read each result
// element from the operand offset their index maps to.
// RUN: stablehlo-opt -stablehlo-aggressive-folder %s | FileCheck %s

// CHECK-LABEL: func.func @layout3d
// CHECK:         %[[S:.*]] = stablehlo.constant dense<{{\[\[\[}}13, 15], [21, 23]]]> : tensor<1x2x2xi32>
// CHECK:         %[[T:.*]] = stablehlo.constant dense<{{\[\[\[}}0, 4, 8], [12, 16, 20]], {{\[\[}}1, 5, 9], [13, 17, 21]], {{\[\[}}2, 6, 10], [14, 18, 22]], {{\[\[}}3, 7, 11], [15, 19, 23]]]> : tensor<4x2x3xi32>
// CHECK:         %[[R:.*]] = stablehlo.constant dense<{{\[\[\[}}15, 14, 13, 12], [19, 18, 17, 16], [23, 22, 21, 20]], {{\[\[}}3, 2, 1, 0], [7, 6, 5, 4], [11, 10, 9, 8]]]> : tensor<2x3x4xi32>
// CHECK:         %[[F:.*]] = stablehlo.constant dense<{{\[\[\[}}4.500000e+00, 6.500000e+00]], {{\[\[}}1.000000e+00, 3.000000e+00]]]> : tensor<2x1x2xf32>
// CHECK-NOT:     stablehlo.slice
// CHECK-NOT:     stablehlo.transpose
// CHECK-NOT:     stablehlo.reverse
// CHECK:         return %[[S]], %[[T]], %[[R]], %[[F]]
func.func @layout3d() -> (tensor<1x2x2xi32>, tensor<4x2x3xi32>, tensor<2x3x4xi32>, tensor<2x1x2xf32>) {
  %c = stablehlo.constant dense<[[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], [[12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23]]]> : tensor<2x3x4xi32>
  %0 = stablehlo.slice %c [1:2, 0:3:2, 1:4:2] : (tensor<2x3x4xi32>) -> tensor<1x2x2xi32>
  %1 = stablehlo.transpose %c, dims = [2, 0, 1] : (tensor<2x3x4xi32>) -> tensor<4x2x3xi32>
  %2 = stablehlo.reverse %c, dims = [0, 2] : tensor<2x3x4xi32>
  %f = stablehlo.constant dense<[[[1.5, 2.5, 3.5], [4.5, 5.5, 6.5]], [[7.5, 8.5, 9.5], [1.0, 2.0, 3.0]]]> : tensor<2x2x3xf32>
  %3 = stablehlo.slice %f [0:2, 1:2, 0:3:2] : (tensor<2x2x3xf32>) -> tensor<2x1x2xf32>
  return %0, %1, %2, %3 : tensor<1x2x2xi32>, tensor<4x2x3xi32>, tensor<2x3x4xi32>, tensor<2x1x2xf32>
}

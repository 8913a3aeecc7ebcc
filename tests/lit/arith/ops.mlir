// RUN: stablehlo-opt %s | FileCheck %s
// arith.constant, tensor.cast, tensor.empty and complex.constant with MLIR's
// syntax and result names.

// CHECK-LABEL: func @f
func.func @f(%x: tensor<?xf32>, %d: index) -> tensor<4xf32> {
  // CHECK: %cst = arith.constant dense<0.000000e+00> : tensor<8xf32>
  %0 = arith.constant dense<0.0> : tensor<8xf32>
  // CHECK: %c42_i32 = arith.constant 42 : i32
  %1 = arith.constant 42 : i32
  // CHECK: %c-1_i64 = arith.constant -1 : i64
  %2 = arith.constant -1 : i64
  // CHECK: %c0 = arith.constant 0 : index
  %3 = arith.constant 0 : index
  // CHECK: %true = arith.constant true
  %4 = arith.constant true
  // CHECK: %cast = tensor.cast %arg0 : tensor<?xf32> to tensor<4xf32>
  %c = tensor.cast %x : tensor<?xf32> to tensor<4xf32>
  // CHECK: tensor.empty(%arg1) : tensor<?x4xf32>
  %e = tensor.empty(%d) : tensor<?x4xf32>
  // CHECK: %cst_0 = complex.constant [1.000000e+00 : f32, 2.000000e+00 : f32] : complex<f32>
  %h = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  return %c : tensor<4xf32>
}

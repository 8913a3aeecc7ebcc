// RUN: sdy_opt %s -split-input-file -verify-diagnostics | FileCheck %s
// arith.index_cast between index and an integer, scalar or element-wise.

// CHECK-LABEL: func @scalar
// CHECK-NEXT: %0 = arith.index_cast %arg0 : index to i32
// CHECK-NEXT: %1 = arith.index_cast %0 : i32 to index
func.func @scalar(%arg0: index) -> index {
  %0 = arith.index_cast %arg0 : index to i32
  %1 = arith.index_cast %0 : i32 to index
  return %1 : index
}

// CHECK-LABEL: func @tensor
// CHECK-NEXT: arith.index_cast %arg0 : tensor<2xindex> to tensor<2xi64>
func.func @tensor(%arg0: tensor<2xindex>) -> tensor<2xi64> {
  %0 = arith.index_cast %arg0 : tensor<2xindex> to tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

func.func @int_to_int(%arg0: i32) -> i64 {
  // expected-error @+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %arg0 : i32 to i64
  return %0 : i64
}

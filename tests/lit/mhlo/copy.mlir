// RUN: sdy_opt %s -split-input-file -verify-diagnostics | FileCheck %s

// mhlo.copy parses in both type forms and prints the short one.
// CHECK-LABEL: func @copy_forms
func.func @copy_forms(%arg0: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // CHECK-NEXT: %0 = mhlo.copy %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@m, [{}, {}]>]>} : tensor<4x2xf32>
  // CHECK-NEXT: %1 = mhlo.copy %0 : tensor<4x2xf32>
  %0 = mhlo.copy %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@m, [{}, {}]>]>} : tensor<4x2xf32>
  %1 = mhlo.copy %0 : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}
sdy.mesh @m = <["x"=2]>

// -----

func.func @copy_type_mismatch(%arg0: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'mhlo.copy' op requires the same type for all operands and results}}
  %0 = mhlo.copy %arg0 : (tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

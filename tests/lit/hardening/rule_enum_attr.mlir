// A rule reads an op's enum attributes only when they are StableHLO enums:
// another attribute in their place (found by fuzz_pass: an opaque one) used
// to be read as an enum, out of bounds.
// RUN: sdy_opt --allow-unregistered-dialect -sdy-populate-op-sharding-rules %s | FileCheck %s

// CHECK-LABEL: func @opaque_transpose
// CHECK: stablehlo.triangular_solve{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule
func.func @opaque_transpose(%arg0: tensor<10x4x4xf32>, %arg1: tensor<10x4x3xf32>) -> tensor<10x4x3xf32> {
  %0 = "stablehlo.triangular_solve"(%arg0, %arg1) {left_side = true, lower = true, transpose_a = #other<transpose TRANSPOSE>, unit_diagonal = true} : (tensor<10x4x4xf32>, tensor<10x4x3xf32>) -> tensor<10x4x3xf32>
  return %0 : tensor<10x4x3xf32>
}

// CHECK-LABEL: func @string_transpose
// CHECK: stablehlo.triangular_solve{{.*}}sdy.sharding_rule = #sdy.op_sharding_rule
func.func @string_transpose(%arg0: tensor<10x4x4xf32>, %arg1: tensor<10x4x3xf32>) -> tensor<10x4x3xf32> {
  %0 = "stablehlo.triangular_solve"(%arg0, %arg1) {left_side = true, lower = true, transpose_a = "TRANSPOSE", unit_diagonal = true} : (tensor<10x4x4xf32>, tensor<10x4x3xf32>) -> tensor<10x4x3xf32>
  return %0 : tensor<10x4x3xf32>
}

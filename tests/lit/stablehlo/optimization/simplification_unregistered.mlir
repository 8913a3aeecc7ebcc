// An unregistered op in the stablehlo namespace (allowed by the flag) has no
// definition: the zero-extent pattern treats it as having effects and leaves
// it alone, as MLIR's isMemoryEffectFree does (it crashed here before; found
// by fuzz_pass).
// RUN: stablehlo-opt --allow-unregistered-dialect -stablehlo-aggressive-simplification %s | FileCheck %s
// RUN: stablehlo-opt --allow-unregistered-dialect -stablehlo-target-independent-optimization %s | FileCheck %s

// CHECK-LABEL: func.func @unregistered_token
// CHECK: %[[T:.*]] = "stablehlo.not_an_op"() : () -> !stablehlo.token
// CHECK: return %[[T]]
func.func @unregistered_token() -> !stablehlo.token {
  %0 = "stablehlo.not_an_op"() : () -> !stablehlo.token
  func.return %0 : !stablehlo.token
}

// CHECK-LABEL: func.func @unregistered_zero_extent
// CHECK: %[[E:.*]] = "stablehlo.not_an_op"(%arg0) : (tensor<0xf32>) -> tensor<0xf32>
// CHECK: return %[[E]]
func.func @unregistered_zero_extent(%arg0: tensor<0xf32>) -> tensor<0xf32> {
  %0 = "stablehlo.not_an_op"(%arg0) : (tensor<0xf32>) -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

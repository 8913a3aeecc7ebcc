// RUN: stablehlo-opt %s -mlir-print-op-generic | FileCheck %s

// chlo.top_k's custom form parses is_stable as ODS does, a BoolAttr with the
// type i1: `1` is `true` (an i64 before, which no chlo pass reads as a bool).
// CHECK: "chlo.top_k"(%arg0) <{is_stable = true, k = 1 : i64}>
func.func @is_stable_one(%b: tensor<3xf32>) -> tensor<1xf32> {
  %0:2 = chlo.top_k(%b, k = 1, is_stable = 1) : tensor<3xf32> -> (tensor<1xf32>, tensor<1xi32>)
  return %0#0 : tensor<1xf32>
}

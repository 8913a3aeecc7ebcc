// RUN: sdy_opt %s -sdy-sharding-constraint-to-reshard -mlir-print-debuginfo | FileCheck %s

sdy.mesh @mesh = <["x"=2]>

// Constraints in nested regions convert too, keeping their other attributes
// and their location.
// CHECK-LABEL: func @nested
func.func @nested(%arg0: tensor<8xf32>, %arg1: tensor<i32>) -> tensor<8xf32> {
  // CHECK:      stablehlo.while
  // CHECK:      } do {
  // CHECK-NEXT:   %[[R:.*]] = sdy.reshard %iterArg <@mesh, [{"x"}]> {some.attr = 1 : i64} : tensor<8xf32> loc(#[[INNER:loc[0-9]+]])
  // CHECK-NEXT:   stablehlo.return %[[R]], %iterArg_0
  // CHECK-NOT:  sdy.sharding_constraint
  // CHECK:      #[[INNER]] = loc("inner")
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare LT, %iterArg_0, %iterArg_0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = sdy.sharding_constraint %iterArg <@mesh, [{"x"}]> {some.attr = 1 : i64} : tensor<8xf32> loc("inner")
    stablehlo.return %1, %iterArg_0 : tensor<8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8xf32>
}

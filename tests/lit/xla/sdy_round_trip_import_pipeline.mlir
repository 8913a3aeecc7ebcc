// RUN: sdy_opt %s -sdy-round-trip-import-pipeline | FileCheck %s

// Shardy's round-trip import: unused functions dropped, constants imported,
// the simplification (no folding, no constant CSE) removing a loop that
// only forwards its values, backend calls and callbacks imported.

// CHECK: sdy.mesh @mesh = <["x"=2, "y"=1]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
// CHECK-NEXT: %0 = sdy.named_computation<"callee">(%arg0) (%arg2: tensor<8xf32>) {
// CHECK-NEXT: %3 = stablehlo.multiply %arg2, %arg2 : tensor<8xf32>
// CHECK-NEXT: sdy.return %3 : tensor<8xf32>
// CHECK-NEXT: } {mhlo.frontend_attributes = {backend_config = ""}} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %1 = stablehlo.custom_call @xla_python_cpu_callback(%0) {has_side_effect = true, operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<0> : tensor<1xindex>]} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %2 = stablehlo.while(%iterArg = %arg1) : tensor<8xf32>
// CHECK-NEXT: cond {
// CHECK-NEXT: %3 = sdy.constant dense<true> : tensor<i1>
// CHECK-NEXT: stablehlo.return %3 : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: %3 = sdy.constant dense<1.000000e+00> : tensor<8xf32>
// CHECK-NEXT: %4 = stablehlo.add %iterArg, %3 : tensor<8xf32>
// CHECK-NEXT: stablehlo.return %4 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %2 : tensor<8xf32>, tensor<8xf32>
// CHECK-NEXT: }

sdy.mesh @mesh = <["x"=2, "y"=1]>

// A loop whose body forwards every value is simplified away; a constant
// imported into a loop body stays there (no folding, no constant CSE).
func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = stablehlo.constant dense<0> : tensor<i32>
  %1:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8xf32>, tensor<i32>
    cond {
    %c = stablehlo.constant dense<4> : tensor<i32>
    %3 = stablehlo.compare LT, %iterArg_0, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %3 : tensor<i1>
  } do {
    stablehlo.return %iterArg, %iterArg_0 : tensor<8xf32>, tensor<i32>
  }
  %2 = call @callee(%1#0) {mhlo.frontend_attributes = {backend_config = ""}} : (tensor<8xf32>) -> tensor<8xf32>
  stablehlo.custom_call @xla_python_cpu_callback(%2) {has_side_effect = true, operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = []} : (tensor<8xf32>) -> ()
  %4 = stablehlo.while(%iterArg = %arg1) : tensor<8xf32>
    cond {
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %c = stablehlo.constant dense<1.0> : tensor<8xf32>
    %5 = stablehlo.add %iterArg, %c : tensor<8xf32>
    stablehlo.return %5 : tensor<8xf32>
  }
  return %2, %4 : tensor<8xf32>, tensor<8xf32>
}

func.func private @callee(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.multiply %arg0, %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func private @unused(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

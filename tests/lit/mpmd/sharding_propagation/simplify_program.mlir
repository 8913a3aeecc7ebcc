// -mpmd-simplify-program: the rebuilt fragment keeps every attribute (stage,
// inferred_by, call counters, ...); every function is simplified, not only
// distributed ones; the greedy driver folds and deduplicates constants.

// RUN: mpmd_opt %s -mpmd-simplify-program | FileCheck %s

!t = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>

// CHECK-LABEL: func @keeps_attributes
func.func @keeps_attributes(%arg0: !t, %arg1: !t) -> (!t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  // CHECK-NEXT: %[[F:.*]] = mpmd.fragment<mesh="m1", origin=["f"], stage=3> (%arg0) {call_counter = 2 : ui32, mpmd.inferred_by = ["x"]} (%arg2: tensor<4x8xf32>) {
  // CHECK-NEXT:   %[[C:.*]] = stablehlo.constant dense<1.000000e+00>
  // CHECK-NEXT:   %[[A:.*]] = stablehlo.add %[[C]], %[[C]]
  // CHECK-NEXT:   %[[M:.*]] = stablehlo.multiply %arg2, %[[A]]
  // CHECK-NEXT:   mpmd.return %[[M]]
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[F]], %[[F]]
  %0:2 = mpmd.fragment<mesh="m1", origin=["f"], stage=3> (%arg0, %arg1) {call_counter = 2 : ui32, mpmd.inferred_by = ["x"]} (%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
    %c1 = stablehlo.constant dense<1.0> : tensor<4x8xf32>
    %c2 = stablehlo.add %c1, %c1 : tensor<4x8xf32>
    %m = stablehlo.multiply %a, %c2 : tensor<4x8xf32>
    mpmd.return %m, %m : tensor<4x8xf32>, tensor<4x8xf32>
  } : (!t, !t) -> (!t, !t)
  return %0#0, %0#1 : !t, !t
}

// Constants are deduplicated (the first kept, moved to the block's start)
// and dead ops erased, in any function.
// CHECK-LABEL: func @plain_function
func.func @plain_function(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<1.000000e+00>
  // CHECK-NEXT: %[[A:.*]] = stablehlo.add %arg0, %[[C]]
  // CHECK-NEXT: %[[M:.*]] = stablehlo.multiply %[[A]], %[[C]]
  // CHECK-NEXT: return %[[M]]
  %unused = stablehlo.abs %arg0 : tensor<4x8xf32>
  %c1 = stablehlo.constant dense<1.0> : tensor<4x8xf32>
  %a = stablehlo.add %arg0, %c1 : tensor<4x8xf32>
  %c2 = stablehlo.constant dense<1.0> : tensor<4x8xf32>
  %m = stablehlo.multiply %a, %c2 : tensor<4x8xf32>
  return %m : tensor<4x8xf32>
}

// The pipeline's stablehlo-target-independent-optimization: SelectOpCanon
// (a splat constant predicate, equal outcomes) and AddOp_RemoveNoop (an
// integer or float zero of either sign on the right) simplify fragment
// bodies, and -mpmd-simplify-program then drops what became pass-through.
// An add removed as a no-op merges its discardable attributes into its
// operand's producer (mergeDiscardableAttributes); a select with a non-splat
// constant predicate and a non-constant outcome is left as StableHLO leaves
// it.

// REQUIRES: mpmd-uniquify
// RUN: mpmd_opt %s -mpmd-sharding-propagation-pipeline -split-input-file | FileCheck %s

!t = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
!i = !mpmd.mesh_tensor<"m1", tensor<4x8xi32>>
#topology = #mpmd.topology<<"m1": <["x"=2]>>>

sdy.mesh @mesh = <["x"=2]>

// CHECK-LABEL: func @simplified
// CHECK-NEXT:    %[[F:.*]] = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%arg4: tensor<4x8xf32>) {
// CHECK-NEXT:      %[[ABS:.*]] = stablehlo.abs %arg4
// CHECK-NEXT:      mpmd.return %[[ABS]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %arg1, %arg0, %arg1, %arg0, %arg2, %[[F]] :
func.func @simplified(%arg0: !t, %arg1: !t, %arg2: !i, %arg3: !mpmd.mesh_tensor<"m1", tensor<4x8xi1>>) -> (!t, !t, !t, !t, !i, !t) attributes {topology = #topology} {
  %0:6 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0, %arg1, %arg2, %arg3) (%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xi32>, %p: tensor<4x8xi1>) {
    %false = stablehlo.constant dense<false> : tensor<i1>
    %true = stablehlo.constant dense<true> : tensor<4x8xi1>
    %zero = stablehlo.constant dense<0.0> : tensor<4x8xf32>
    %nzero = stablehlo.constant dense<-0.0> : tensor<4x8xf32>
    %izero = stablehlo.constant dense<0> : tensor<4x8xi32>
    %1 = stablehlo.select %false, %a, %b : tensor<i1>, tensor<4x8xf32>
    %2 = stablehlo.select %true, %a, %b : tensor<4x8xi1>, tensor<4x8xf32>
    %3 = stablehlo.select %p, %b, %b : tensor<4x8xi1>, tensor<4x8xf32>
    %4 = stablehlo.add %a, %zero : tensor<4x8xf32>
    %5 = stablehlo.add %c, %izero : tensor<4x8xi32>
    %6 = stablehlo.abs %a : tensor<4x8xf32>
    %7 = stablehlo.add %6, %nzero : tensor<4x8xf32>
    mpmd.return %1, %2, %3, %4, %5, %7 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xi32>, tensor<4x8xf32>
  } : (!t, !t, !i, !mpmd.mesh_tensor<"m1", tensor<4x8xi1>>) -> (!t, !t, !t, !t, !i, !t)
  return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : !t, !t, !t, !t, !i, !t
}
// -----

!t = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
#topology = #mpmd.topology<<"m1": <["x"=2]>>>

sdy.mesh @mesh = <["x"=2]>

// CHECK-LABEL: func @attrs_to_merge
// CHECK-NEXT:    mpmd.fragment
// CHECK-NEXT:      %[[ABS:.*]] = stablehlo.abs %arg1 {mhlo.frontend_attributes = {foo = "1"}}
// CHECK-NEXT:      mpmd.return %[[ABS]]
func.func @attrs_to_merge(%arg0: !t) -> !t attributes {topology = #topology} {
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%a: tensor<4x8xf32>) {
    %zero = stablehlo.constant dense<0.0> : tensor<4x8xf32>
    %1 = stablehlo.abs %a : tensor<4x8xf32>
    %2 = stablehlo.add %1, %zero {mhlo.frontend_attributes = {foo = "1"}} : tensor<4x8xf32>
    mpmd.return %2 : tensor<4x8xf32>
  } : (!t) -> !t
  return %0 : !t
}

// -----

!t = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
#topology = #mpmd.topology<<"m1": <["x"=2]>>>

sdy.mesh @mesh = <["x"=2]>

// CHECK-LABEL: func @attrs_on_block_arg
// CHECK-NEXT:    mpmd.fragment
// CHECK-NEXT:      %[[ABS:.*]] = stablehlo.abs %arg1
// CHECK-NEXT:      mpmd.return %[[ABS]]
func.func @attrs_on_block_arg(%arg0: !t) -> !t attributes {topology = #topology} {
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%a: tensor<4x8xf32>) {
    %zero = stablehlo.constant dense<0.0> : tensor<4x8xf32>
    %2 = stablehlo.add %a, %zero {mhlo.frontend_attributes = {foo = "1"}} : tensor<4x8xf32>
    %3 = stablehlo.abs %2 : tensor<4x8xf32>
    mpmd.return %3 : tensor<4x8xf32>
  } : (!t) -> !t
  return %0 : !t
}

// -----

!t = !mpmd.mesh_tensor<"m1", tensor<4xi32>>
#topology = #mpmd.topology<<"m1": <["x"=2]>>>

sdy.mesh @mesh = <["x"=2]>

// CHECK-LABEL: func @select_non_splat_predicate
// CHECK:         %[[P:.*]] = stablehlo.constant dense<[false, true, false, true]>
// CHECK-NEXT:    %[[X:.*]] = stablehlo.constant dense<[1, 2, 3, 4]>
// CHECK-NEXT:    stablehlo.select %[[P]], %arg1, %[[X]]
func.func @select_non_splat_predicate(%arg0: !t) -> !t attributes {topology = #topology} {
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%a: tensor<4xi32>) {
    %p = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
    %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %1 = stablehlo.select %p, %a, %x : tensor<4xi1>, tensor<4xi32>
    mpmd.return %1 : tensor<4xi32>
  } : (!t) -> !t
  return %0 : !t
}

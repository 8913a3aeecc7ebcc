// -inline with StableHLO and Shardy ops (mlir-opt-22 has neither dialect;
// the rules are MLIR's: StableHLO and sdy let their ops be inlined and their
// regions receive inlined code).
// RUN: sdy_opt -split-input-file -inline %s | FileCheck %s
// RUN: mpmd_opt -split-input-file -inline %s | FileCheck %s
// RUN: sdy_opt -split-input-file -inline -mlir-print-debuginfo -mlir-print-op-generic %s | FileCheck %s --check-prefix=LOC

sdy.mesh @mesh = <["a"=2]>

// Calls inside a while body and a manual computation are inlined there. The
// default pipeline then canonicalizes the caller: the callee's constant is
// the caller's, and constants are hoisted to the function's entry.
// CHECK-LABEL: func.func @main
// CHECK-NEXT:    %[[C:.*]] = stablehlo.constant dense<1>
// CHECK-NEXT:    %[[W:.*]] = stablehlo.while(%[[I:.*]] = %arg0)
// CHECK:         } do {
// CHECK-NEXT:      %[[J:.*]] = stablehlo.add %[[I]], %[[C]]
// CHECK-NEXT:      stablehlo.return %[[J]]
// CHECK:         sdy.manual_computation
// CHECK-NEXT:      %[[N:.*]] = stablehlo.negate %arg2
// CHECK-NEXT:      sdy.return %[[N]]
// CHECK:         %[[K:.*]] = stablehlo.add %arg0, %[[C]]
// CHECK-NEXT:    return %[[K]], %{{.*}}, %[[W]]
// CHECK-NOT:     func.func private @body
// CHECK-NOT:     func.func private @shard
func.func private @body(%x: tensor<i32>) -> tensor<i32> {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.add %x, %c : tensor<i32>
  return %0 : tensor<i32>
}
func.func private @shard(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.negate %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @main(%n: tensor<i32>, %a: tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>, tensor<i32>) {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %w = stablehlo.while(%i = %n) : tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = func.call @body(%i) : (tensor<i32>) -> tensor<i32>
    stablehlo.return %j : tensor<i32>
  }
  %mc = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%x: tensor<2xf32>) {
    %y = func.call @shard(%x) : (tensor<2xf32>) -> tensor<2xf32>
    sdy.return %y : tensor<2xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  %k = func.call @body(%n) : (tensor<i32>) -> tensor<i32>
  return %k, %mc, %w : tensor<i32>, tensor<4xf32>, tensor<i32>
}

// -----

// Locations of ops and block arguments nested in the inlined body become
// call sites too.
// LOC:         // -----
// LOC:         #[[CALL:loc[0-9]+]] = loc("the_call")
// LOC:         sym_name = "loop_caller"
// LOC:         ^bb0(%{{.*}}: tensor<i32> loc(callsite(#{{loc[0-9]+}} at #[[CALL]]))):
// LOC:         }) : (tensor<i32>) -> tensor<i32> loc(#[[WHILE:loc[0-9]+]])
// LOC:         #[[WHILE]] = loc(callsite(#{{loc[0-9]+}} at #[[CALL]]))
func.func private @loop(%n: tensor<i32>) -> tensor<i32> {
  %w = stablehlo.while(%i = %n) : tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = stablehlo.add %i, %i : tensor<i32>
    stablehlo.return %j : tensor<i32>
  }
  return %w : tensor<i32>
}
func.func @loop_caller(%n: tensor<i32>) -> tensor<i32> {
  %0 = call @loop(%n) : (tensor<i32>) -> tensor<i32> loc("the_call")
  return %0 : tensor<i32>
}

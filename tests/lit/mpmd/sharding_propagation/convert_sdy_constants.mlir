// -mpmd-convert-sdy-constants: every sdy.constant becomes a stablehlo.constant
// with the same type and every attribute (sharding, unregistered ones), in
// any function (not only distributed ones) and at any depth.

// RUN: mpmd_opt %s -mpmd-convert-sdy-constants | FileCheck %s

!t = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
sdy.mesh @mesh = <["x"=2]>

// CHECK-LABEL: func @in_fragment
func.func @in_fragment(%arg0: !t) -> !t attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  // CHECK: mpmd.fragment
  // CHECK-NEXT: %[[C:.*]] = stablehlo.constant {foo = "bar", sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} dense<1.000000e+00> : tensor<4x8xf32>
  // CHECK-NEXT: stablehlo.add %arg1, %[[C]]
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%arg1: tensor<4x8xf32>) {
    %c = sdy.constant {foo = "bar", sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} dense<1.0> : tensor<4x8xf32>
    %1 = stablehlo.add %arg1, %c : tensor<4x8xf32>
    mpmd.return %1 : tensor<4x8xf32>
  } : (!t) -> !t
  return %0 : !t
}

// CHECK-LABEL: func @plain_function
func.func @plain_function() -> (tensor<2xi32>, tensor<i1>) {
  // CHECK-NEXT: %[[A:.*]] = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  // CHECK-NEXT: %[[B:.*]] = stablehlo.constant dense<true> : tensor<i1>
  // CHECK-NEXT: return %[[A]], %[[B]]
  %0 = sdy.constant dense<[1, 2]> : tensor<2xi32>
  %1 = sdy.constant dense<true> : tensor<i1>
  return %0, %1 : tensor<2xi32>, tensor<i1>
}

// CHECK-LABEL: func @nested_region
func.func @nested_region(%arg0: tensor<i32>) -> tensor<i32> {
  // CHECK: stablehlo.while
  // CHECK: stablehlo.constant dense<10> : tensor<i32>
  // CHECK: stablehlo.constant dense<1> : tensor<i32>
  // CHECK-NOT: sdy.constant
  %0 = stablehlo.while(%iter = %arg0) : tensor<i32>
    cond {
      %c = sdy.constant dense<10> : tensor<i32>
      %lt = stablehlo.compare LT, %iter, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %one = sdy.constant dense<1> : tensor<i32>
      %next = stablehlo.add %iter, %one : tensor<i32>
      stablehlo.return %next : tensor<i32>
    }
  return %0 : tensor<i32>
}

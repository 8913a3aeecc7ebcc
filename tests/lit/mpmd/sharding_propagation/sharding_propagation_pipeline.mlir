// -mpmd-sharding-propagation-pipeline end to end: a value returned twice
// and a returned argument are uniquified with transfers, so each result
// holds its user sharding (the second through an extracted reshard); the
// unreduced axes of a constraint reach the fragment's result type and the
// transfer keeps them, a consumer-side reshard dropping them for the
// result; the constants the sdy import turned into sdy.constant are
// stablehlo.constant again.

// REQUIRES: mpmd-uniquify
// RUN: mpmd_opt %s -mpmd-sharding-propagation-pipeline -split-input-file 2>&1 | FileCheck %s

!t = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
#topology = #mpmd.topology<<"m1": <["x"=2, "y"=2]>>, <"m2": <["x"=2, "y"=2]>>>

sdy.mesh @mesh = <["x"=2, "y"=2]>

// CHECK: warning: Found a resharding transfer in the module. This may cause performance issues.
// CHECK-LABEL: func @returned_twice
// CHECK-SAME: (%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>)
// CHECK-SAME: -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{}, {"y"}]>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"y"}, {}]>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>)
func.func @returned_twice(%arg0: !t {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (!t {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, !t {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}, !t) attributes {topology = #topology} {
  // CHECK-NEXT: %[[F:.*]] = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0)
  // CHECK-NEXT:   %[[C:.*]] = stablehlo.constant dense<2.000000e+00>
  // CHECK-NEXT:   stablehlo.multiply %arg1, %[[C]]
  // CHECK:      } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{}, {"y"}]>>
  // CHECK-NEXT: %[[T:.*]] = mpmd.transfer %[[F]] : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{}, {"y"}]>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{}, {"y"}]>>
  // CHECK-NEXT: %[[R:.*]] = mpmd.fragment<mesh="m1", origin=[]> (%[[T]]) {mpmd.inferred_by = ["extract_reshards"]}
  // CHECK:      } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{}, {"y"}]>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"y"}, {}]>>
  // CHECK-NEXT: %[[A:.*]] = mpmd.transfer %arg0
  // CHECK-NEXT: return %[[F]], %[[R]], %[[A]]
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%a: tensor<4x8xf32>) {
    %c = stablehlo.constant dense<2.0> : tensor<4x8xf32>
    %1 = stablehlo.multiply %a, %c : tensor<4x8xf32>
    mpmd.return %1 : tensor<4x8xf32>
  } : (!t) -> !t
  return %0, %0, %arg0 : !t, !t, !t
}

// -----

!t = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
#topology = #mpmd.topology<<"m1": <["x"=2, "y"=2]>>, <"m2": <["x"=2, "y"=2]>>>

sdy.mesh @mesh = <["x"=2, "y"=2]>

// CHECK-LABEL: func @unreduced
func.func @unreduced(%arg0: !t {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> !t2 attributes {topology = #topology} {
  // CHECK:      sdy.sharding_constraint %{{.*}} <@mesh, [{"x"}, {}], unreduced={"y"}>
  // CHECK:      } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}], unreduced={"y"}>>
  // CHECK-NEXT: %[[T:.*]] = mpmd.transfer %{{.*}} : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}], unreduced={"y"}>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}], unreduced={"y"}>>
  // CHECK-NEXT: %[[R:.*]] = mpmd.fragment<mesh="m2", origin=[]> (%[[T]]) {mpmd.inferred_by = ["extract_reshards"]}
  // CHECK:      } : (!mpmd.mesh_tensor<"m2", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}], unreduced={"y"}>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>
  // CHECK-NEXT: return %[[R]]
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%a: tensor<4x8xf32>) {
    %1 = stablehlo.abs %a : tensor<4x8xf32>
    %2 = sdy.sharding_constraint %1 <@mesh, [{"x"}, {}], unreduced={"y"}> : tensor<4x8xf32>
    mpmd.return %2 : tensor<4x8xf32>
  } : (!t) -> !t
  %1 = mpmd.transfer %0 : (!t) -> !t2
  return %1 : !t2
}

// -mpmd-populate-unreduced-out-sharding: a fragment result returned from a
// sharding constraint with unreduced axes takes them. Without out-shardings
// the fragment first gets fully closed ones on its mesh name, all moved to
// the constraint's sdy mesh once one is updated; nothing is written when no
// result changes (not even the defaults).

// RUN: mpmd_opt %s -mpmd-populate-unreduced-out-sharding | FileCheck %s

!t = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
#topology = #mpmd.topology<<"m1": <["x"=2, "y"=2]>>>

sdy.mesh @mesh = <["x"=2, "y"=2]>

// CHECK-LABEL: func @no_out_shardings
// CHECK-NEXT: mpmd.fragment<mesh="m1", origin=["f"], out_shardings=[<@mesh, [{}, {}], unreduced={"y"}>, <@mesh, [{}, {}]>]>
func.func @no_out_shardings(%arg0: !t) -> (!t, !t) attributes {topology = #topology} {
  %0:2 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%arg1: tensor<4x8xf32>) {
    %1 = sdy.sharding_constraint %arg1 <@mesh, [{"x"}, {}], unreduced={"y"}> : tensor<4x8xf32>
    mpmd.return %1, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>
  } : (!t) -> (!t, !t)
  return %0#0, %0#1 : !t, !t
}

// The dimension shardings and replicated axes stay; only the unreduced
// axes come from the constraint (a result that has them already is left
// alone).
// CHECK-LABEL: func @with_out_shardings
// CHECK-NEXT: mpmd.fragment<mesh="m1", origin=["f"], out_shardings=[<@mesh, [{?}, {"x"}], unreduced={"y"}>, <@mesh, [{}, {}], unreduced={"y"}>, <@mesh, [{}, {}], replicated={"x"}, unreduced={"y"}>]>
func.func @with_out_shardings(%arg0: !t) -> (!t, !t, !t) attributes {topology = #topology} {
  %0:3 = mpmd.fragment<mesh="m1", origin=["f"], out_shardings=[<@mesh, [{?}, {"x"}]>, <@mesh, [{}, {}], unreduced={"y"}>, <@mesh, [{}, {}], replicated={"x"}>]> (%arg0) (%arg1: tensor<4x8xf32>) {
    %1 = sdy.sharding_constraint %arg1 <@mesh, [{"x"}, {}], unreduced={"y"}> : tensor<4x8xf32>
    mpmd.return %1, %1, %1 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
  } : (!t) -> (!t, !t, !t)
  return %0#0, %0#1, %0#2 : !t, !t, !t
}

// CHECK-LABEL: func @nothing_to_populate
// CHECK-NEXT: mpmd.fragment<mesh="m1", origin=["f"]> (%arg0)
// CHECK: mpmd.fragment<mesh="m1", origin=["g"], out_shardings=[<@mesh, [{}, {}], unreduced={"y"}>]>
func.func @nothing_to_populate(%arg0: !t) -> (!t, !t) attributes {topology = #topology} {
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%arg1: tensor<4x8xf32>) {
    %1 = sdy.sharding_constraint %arg1 <@mesh, [{"x"}, {}]> : tensor<4x8xf32>
    mpmd.return %1 : tensor<4x8xf32>
  } : (!t) -> !t
  %2 = mpmd.fragment<mesh="m1", origin=["g"], out_shardings=[<@mesh, [{}, {}], unreduced={"y"}>]> (%arg0) (%arg1: tensor<4x8xf32>) {
    %1 = sdy.sharding_constraint %arg1 <@mesh, [{"x"}, {}], unreduced={"y"}> : tensor<4x8xf32>
    mpmd.return %1 : tensor<4x8xf32>
  } : (!t) -> !t
  return %0, %2 : !t, !t
}

// Functions that are not distributed are left alone.
// CHECK-LABEL: func @not_distributed
// CHECK-NOT: out_shardings
func.func @not_distributed(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}, {}], unreduced={"y"}> : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

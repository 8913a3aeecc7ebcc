// -mpmd-enforce-user-shardings: only public MPMD functions change; argument
// shardings go to every fragment operand that is the argument (all of them
// when a fragment takes it twice, null shardings for the others when the
// fragment had none), result shardings to the producing fragment or
// transfer and on to the fragments consuming the result. Sub-axes are cut
// (the cut dimension closed, its priority gone; a non-sum reduction of
// unreduced axes is reset, which counts as a change, as Shardy's builder
// does) with one warning per process for arguments and one for results:
// the later splits of this file warn no more.

// RUN: mpmd_opt %s -mpmd-enforce-user-shardings -split-input-file -verify-diagnostics | FileCheck %s

!t = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
#topology = #mpmd.topology<<"m1": <["x"=4, "y"=2]>>>

sdy.mesh @mesh = <["x"=4, "y"=2]>

// CHECK-LABEL: func @arg_used_twice_by_fragment_without_in_shardings
func.func @arg_used_twice_by_fragment_without_in_shardings(%arg0: !t {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: !t)
    -> !t attributes {topology = #topology} {
  // CHECK: mpmd.fragment<mesh="m1", origin=["f"], in_shardings=[<@mesh, [{"x"}, {}]>, <<NULL ATTRIBUTE>>, <@mesh, [{"x"}, {}]>]> (%arg0, %arg1, %arg0)
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0, %arg1, %arg0) (%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) {
    mpmd.return %a : tensor<4x8xf32>
  } : (!t, !t, !t) -> !t
  return %0 : !t
}

// The result is a transfer's: its sharding and its fragment users' change.
// CHECK-LABEL: func @transfer_result_with_fragment_users
func.func @transfer_result_with_fragment_users(%arg0: !t)
    -> (!t {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, !t) attributes {topology = #topology} {
  // CHECK: %[[T:.*]] = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} %arg0
  %0 = mpmd.transfer %arg0 : (!t) -> !t
  // CHECK: mpmd.fragment<mesh="m1", origin=["f"], in_shardings=[<@mesh, [{}, {"y"}]>, <@mesh, [{"x"}, {}]>]> (%[[T]], %arg0)
  %1 = mpmd.fragment<mesh="m1", origin=["f"], in_shardings=[<@mesh, [{"y"}, {}]>, <@mesh, [{"x"}, {}]>]> (%0, %arg0) (%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
    mpmd.return %a : tensor<4x8xf32>
  } : (!t, !t) -> !t
  return %0, %1 : !t, !t
}

// A returned argument keeps its result sharding to itself.
// CHECK-LABEL: func @returned_argument
// CHECK-SAME: (%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>)
// CHECK-NEXT: return %arg0
func.func @returned_argument(%arg0: !t) -> (!t {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) attributes {topology = #topology} {
  return %arg0 : !t
}

// CHECK-LABEL: func private @private_function
// CHECK-NEXT: mpmd.fragment<mesh="m1", origin=["f"], in_shardings=[<@mesh, [{}, {}]>]>
func.func private @private_function(%arg0: !t {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> !t attributes {topology = #topology} {
  %0 = mpmd.fragment<mesh="m1", origin=["f"], in_shardings=[<@mesh, [{}, {}]>]> (%arg0) (%a: tensor<4x8xf32>) {
    mpmd.return %a : tensor<4x8xf32>
  } : (!t) -> !t
  return %0 : !t
}

// An SPMD function is an entry point but not an MPMD function: no change,
// no warning.
// CHECK-LABEL: func @spmd_function
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {}]>}
func.func @spmd_function(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {}]>}) -> tensor<4x8xf32> attributes {mesh_shape = #sdy.mesh<["x"=4, "y"=2]>} {
  return %arg0 : tensor<4x8xf32>
}

// -----

!t = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
#topology = #mpmd.topology<<"m1": <["x"=4, "y"=2]>>>

sdy.mesh @mesh = <["x"=4, "y"=2]>

// CHECK-LABEL: func @sub_axes
// CHECK-SAME: %arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}p1, {}]>}
// CHECK-SAME: -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {}]>})
func.func @sub_axes(
    // expected-warning@+1 {{Sub-axes sharding found for arg 0. This is not supported, and sharding will be tuncated. Original sharding: #sdy.sharding<@mesh, [{"y", ?}p1, {"x":(1)2, ?}p2]>; truncated sharding: #sdy.sharding<@mesh, [{"y", ?}p1, {}]> Please contact the MPMD team.}}
    %arg0: !t {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}p1, {"x":(1)2, ?}p2]>},
    // no second warning for arguments
    %arg1: !t {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {}]>})
    -> (!t {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {}]>}) attributes {topology = #topology} {
  // CHECK: %[[F:.*]] = mpmd.fragment<mesh="m1", origin=["f"], in_shardings=[<@mesh, [{"y", ?}p1, {}]>, <@mesh, [{}, {}]>], out_shardings=[<@mesh, [{}, {}]>]>
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0, %arg1) (%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
    mpmd.return %a : tensor<4x8xf32>
  } : (!t, !t) -> !t
  // The returned value gets the truncated sharding; the function's result
  // keeps the user's.
  // expected-warning@+1 {{Sub-axes sharding found for result 0. This is not supported, and sharding will be tuncated. Original sharding: #sdy.sharding<@mesh, [{"x":(1)2}, {}]>; truncated sharding: #sdy.sharding<@mesh, [{}, {}]> Please contact the MPMD team.}}
  return %0 : !t
}

// -----

!t = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
#topology = #mpmd.topology<<"m1": <["x"=4, "y"=2]>>>

sdy.mesh @mesh = <["x"=4, "y"=2]>

// Warned once already in this process: no warnings here.
// CHECK-LABEL: func @sub_axes_again
// CHECK: mpmd.fragment<mesh="m1", origin=["f"], in_shardings=[<@mesh, [{}, {}]>], out_shardings=[<@mesh, [{}, {}], unreduced={"y"}>]>
func.func @sub_axes_again(%arg0: !t {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {}]>})
    -> (!t {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced=max{"y"}>}) attributes {topology = #topology} {
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%a: tensor<4x8xf32>) {
    mpmd.return %a : tensor<4x8xf32>
  } : (!t) -> !t
  return %0 : !t
}

// Users of an argument that disagree on its memory kind: the message shows
// both users as Shardy's log prints ops (named in the function's scope,
// regions skipped, full types, the res_attrs the pass has just set), the
// first user being the last one met.

// RUN: not mpmd_opt %s -mpmd-mark-offloaded-input-output 2>&1 | FileCheck %s

// CHECK: error: Memory kind mismatch between users of arg 1: <<NULL ATTRIBUTE>> vs "pinned_host"
// CHECK-NEXT: {{^}}%1 = mpmd.fragment<mesh="m1", origin=["b"]> (%arg1) {arg_attrs = [{}], res_attrs = [{}]} (%arg2: tensor<4xf32>) {...} : (!mpmd.mesh_tensor<"m1", tensor<4xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4xf32>> vs {{$}}
// CHECK-NEXT: {{^}}%0 = mpmd.fragment<mesh="m1", origin=["a"]> (%arg1) {arg_attrs = [{mhlo.memory_kind = "pinned_host"}], res_attrs = [{}]} (%arg2: tensor<4xf32>) {...} : (!mpmd.mesh_tensor<"m1", tensor<4xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4xf32>>{{$}}

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
func.func @main(%unused: !t, %x: !t) -> (!t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  %a = mpmd.fragment<mesh="m1", origin=["a"]> (%x) {arg_attrs = [{mhlo.memory_kind = "pinned_host"}]} (%arg0: tensor<4xf32>) {
    %n = stablehlo.negate %arg0 : tensor<4xf32>
    mpmd.return %n : tensor<4xf32>
  } : (!t) -> !t
  %b = mpmd.fragment<mesh="m1", origin=["b"]> (%x) {arg_attrs = [{}]} (%arg0: tensor<4xf32>) {
    mpmd.return %arg0 : tensor<4xf32>
  } : (!t) -> !t
  return %a, %b : !t, !t
}

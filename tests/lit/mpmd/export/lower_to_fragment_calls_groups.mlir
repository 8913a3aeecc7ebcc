// A group takes the largest reserved_hbm_bytes of its fragments; a symbol
// already named like a group is called, not replaced. A function gets the
// fragment's arg_attrs / res_attrs and the shardings of its types; a manual
// computation naming another mesh gets an sdy.mesh for the fragment's mesh,
// made at the start of the module.

// RUN: mpmd_opt %s -split-input-file -mpmd-lower-to-fragment-calls | FileCheck %s

!t = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>

// CHECK-LABEL: func.func @main
// CHECK-NEXT: fragment_call<mesh="m1", origin=["f"]> @p0_f.main(%arg0)
// CHECK-NEXT: fragment_call<mesh="m1", origin=["f"]> @p0_f.main(%0)
// CHECK-NEXT: fragment_call<mesh="m1", origin=["f"]> @p0_f.main(%1)
// CHECK-NEXT: fragment_call<mesh="m1", origin=["g"]> @p1_g.main(%2)
// CHECK: func.func private @p1_g.main(tensor<4x8xf32>) -> tensor<4x8xf32> attributes {mesh_shape = #sdy.mesh<["x"=2]>}
// CHECK-NEXT: func.func @p0_f.main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {mesh_shape = #sdy.mesh<["x"=2]>, reserved_hbm_bytes = 30 : i64}
// CHECK-NOT: func.func
func.func @main(%arg0: !t) -> (!t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {reserved_hbm_bytes = 10 : i64} (%a: tensor<4x8xf32>) {
    %n = stablehlo.negate %a : tensor<4x8xf32>
    mpmd.return %n : tensor<4x8xf32>
  } : (!t) -> !t
  %1 = mpmd.fragment<mesh="m1", origin=["f"]> (%0) {reserved_hbm_bytes = 30 : i64} (%a: tensor<4x8xf32>) {
    %n = stablehlo.negate %a : tensor<4x8xf32>
    mpmd.return %n : tensor<4x8xf32>
  } : (!t) -> !t
  %2 = mpmd.fragment<mesh="m1", origin=["f"]> (%1) (%a: tensor<4x8xf32>) {
    %n = stablehlo.negate %a : tensor<4x8xf32>
    mpmd.return %n : tensor<4x8xf32>
  } : (!t) -> !t
  %3 = mpmd.fragment<mesh="m1", origin=["g"]> (%2) (%a: tensor<4x8xf32>) {
    mpmd.return %a : tensor<4x8xf32>
  } : (!t) -> !t
  return %2, %3 : !t, !t
}
func.func private @p1_g.main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {mesh_shape = #sdy.mesh<["x"=2]>}

// -----

!s = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@other, [{"x"}, {}]>>

// CHECK: sdy.mesh @m1 = <["x"=2]>
// CHECK-NEXT: sdy.mesh @other = <["x"=2]>
// CHECK: fragment_call<mesh="m1", origin=["g"]> @p0_g.main(%arg0)
// CHECK: func.func @p0_g.main(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@other, [{"x"}, {}]>, tf.aliasing_output = 0 : i32}) -> (tensor<4x8xf32> {mhlo.memory_kind = "pinned_host", sdy.sharding = #sdy.sharding<@other, [{"x"}, {}]>}) attributes {mesh_shape = #sdy.mesh<["x"=2]>}
// CHECK-NEXT: sdy.manual_computation(%arg0) in_shardings=[<@m1, [{"x"}, {}]>] out_shardings=[<@m1, [{"x"}, {}]>]
module {
  sdy.mesh @other = <["x"=2]>
  func.func @main(%arg0: !s) -> !s attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
    %0 = mpmd.fragment<mesh="m1", origin=["g"]> (%arg0) {arg_attrs = [{tf.aliasing_output = 0 : i32}], res_attrs = [{mhlo.memory_kind = "pinned_host"}]} (%a: tensor<4x8xf32>) {
      %m = sdy.manual_computation(%a) in_shardings=[<@other, [{"x"}, {}]>] out_shardings=[<@other, [{"x"}, {}]>] manual_axes={"x"} (%b: tensor<2x8xf32>) {
        sdy.return %b : tensor<2x8xf32>
      } : (tensor<4x8xf32>) -> tensor<4x8xf32>
      mpmd.return %m : tensor<4x8xf32>
    } : (!s) -> !s
    return %0 : !s
  }
}

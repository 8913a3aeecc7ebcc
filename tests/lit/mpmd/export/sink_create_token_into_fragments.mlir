// Token operands sunk into fragments drop their in_shardings and arg_attrs
// entries; token results dropped with their out_shardings and res_attrs
// entries, the stage and other attributes kept; a token result that is
// still used is refused (a fatal check in Shardy). Functions without
// topology are left alone.

// RUN: mpmd_opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect -mpmd-sink-create-token-into-fragments | FileCheck %s

!t = !mpmd.mesh_tensor<"m", tensor<4xf32>>
sdy.mesh @mesh = <["x"=2]>

// CHECK-LABEL: func.func @attrs
// CHECK-NEXT: %[[F:.*]]:2 = mpmd.fragment<mesh="m", origin=["f"], stage=2, in_shardings=[<@mesh, [{"x"}]>], out_shardings=[<@mesh, [{"x"}]>, <@mesh, [{}]>]> (%arg1) {arg_attrs = [{b}], other, res_attrs = [{c}, {e}]} (%arg2: tensor<4xf32>) {
// CHECK-NEXT:   stablehlo.create_token
// CHECK-NEXT:   mpmd.return %arg2, %arg2 : tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: } : (!mpmd.mesh_tensor<"m", tensor<4xf32>>) -> (!mpmd.mesh_tensor<"m", tensor<4xf32>>, !mpmd.mesh_tensor<"m", tensor<4xf32>>)
// CHECK-NEXT: return %[[F]]#0, %[[F]]#1
func.func @attrs(%tok: !stablehlo.token, %arg0: !t) -> (!t, !t) attributes {topology = #mpmd.topology<<"m": <["x"=2]>>>} {
  %0:3 = mpmd.fragment<mesh="m", origin=["f"], stage=2, in_shardings=[<@mesh, []>, <@mesh, [{"x"}]>], out_shardings=[<@mesh, [{"x"}]>, <@mesh, []>, <@mesh, [{}]>]> (%tok, %arg0) {arg_attrs = [{a}, {b}], res_attrs = [{c}, {d}, {e}], other} (%t: !stablehlo.token, %a: tensor<4xf32>) {
    mpmd.return %a, %t, %a : tensor<4xf32>, !stablehlo.token, tensor<4xf32>
  } : (!stablehlo.token, !t) -> (!t, !stablehlo.token, !t)
  func.return %0#0, %0#2 : !t, !t
}

// CHECK-LABEL: func.func @not_mpmd
// CHECK-NEXT: "some.op"(%arg0)
func.func @not_mpmd(%tok: !stablehlo.token) {
  "some.op"(%tok) : (!stablehlo.token) -> ()
  func.return
}

// -----

!t = !mpmd.mesh_tensor<"m", tensor<4xf32>>

func.func @used_token(%arg0: !t) -> (!t, !stablehlo.token) attributes {topology = #mpmd.topology<<"m": <["x"=2]>>>} {
  // expected-error @+1 {{Token result #1 still has uses after token-input sinking!}}
  %0:2 = mpmd.fragment<mesh="m", origin=["f"]> (%arg0) (%a: tensor<4xf32>) {
    %t = stablehlo.create_token : !stablehlo.token
    mpmd.return %a, %t : tensor<4xf32>, !stablehlo.token
  } : (!t) -> (!t, !stablehlo.token)
  func.return %0#0, %0#1 : !t, !stablehlo.token
}

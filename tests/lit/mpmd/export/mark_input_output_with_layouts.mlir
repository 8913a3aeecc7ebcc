// Layouts through chains of transfers: a custom layout follows a transfer
// to another device mesh and is reset to the default by a transfer to a
// CPU mesh (overriding the function result it reaches); an "auto" argument
// used by a fragment and a transfer gets the default layout; results keep
// "auto" when only the function returns them, or nothing uses them.

// RUN: mpmd_opt %s -mpmd-mark-input-output-with-layouts | FileCheck %s

!m1 = !mpmd.mesh_tensor<"m1", tensor<16xf32>>
!m2 = !mpmd.mesh_tensor<"m2", tensor<16xf32>>
!cpu = !mpmd.mesh_tensor<"m1/cpu", tensor<16xf32>>
#topology = #mpmd.topology<<"m1": <["x"=8]>>, <"m2": <["x"=8]>>, <"m1/cpu": <["x"=8]>>>

// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %arg0: !mpmd.mesh_tensor<"m1", tensor<16xf32>> {mhlo.layout_mode = "{0}"}, %arg1: !mpmd.mesh_tensor<"m1", tensor<16xf32>>)
// CHECK-SAME: -> (!mpmd.mesh_tensor<"m1/cpu", tensor<16xf32>>, !mpmd.mesh_tensor<"m2", tensor<16xf32>>, !mpmd.mesh_tensor<"m1", tensor<16xf32>> {mhlo.layout_mode = "auto"})
// CHECK: mpmd.fragment<mesh="m2", origin=[]> (%0) {arg_attrs = [{mhlo.layout_mode = "{0}"}], res_attrs = [{}]}
// CHECK: mpmd.fragment<mesh="m1", origin=[]> (%arg1) {arg_attrs = [{}], res_attrs = [{mhlo.layout_mode = "auto"}]}
// CHECK: mpmd.fragment<mesh="m2", origin=[]> (%4) {arg_attrs = [{}], res_attrs = [{mhlo.layout_mode = "auto"}]}
func.func @chain(%arg0: !m1 {mhlo.layout_mode = "{0}"}, %arg1: !m1 {mhlo.layout_mode = "auto"}) -> (!cpu {mhlo.layout_mode = "{0}"}, !m2, !m1 {mhlo.layout_mode = "auto"}) attributes {topology = #topology} {
  %t = mpmd.transfer %arg0 : (!m1) -> !m2
  %c = mpmd.transfer %t : (!m2) -> !cpu
  %f = mpmd.fragment<mesh="m2", origin=[]> (%t) (%a: tensor<16xf32>) {
    mpmd.return %a : tensor<16xf32>
  } : (!m2) -> !m2
  %g = mpmd.fragment<mesh="m1", origin=[]> (%arg1) (%a: tensor<16xf32>) {
    mpmd.return %a : tensor<16xf32>
  } : (!m1) -> !m1
  %h = mpmd.transfer %arg1 : (!m1) -> !m2
  %k = mpmd.fragment<mesh="m2", origin=[]> (%h) (%a: tensor<16xf32>) {
    mpmd.return %a : tensor<16xf32>
  } : (!m2) -> !m2
  func.return %c, %f, %g : !cpu, !m2, !m1
}

// Not an entry point: left alone.
// CHECK-LABEL: func.func private @private_function(
// CHECK-SAME: {mhlo.layout_mode = "auto"}
// CHECK-NEXT: mpmd.fragment<mesh="m1", origin=[]> (%arg0) (
func.func private @private_function(%arg0: !m1 {mhlo.layout_mode = "auto"}) -> !m1 attributes {topology = #topology} {
  %f = mpmd.fragment<mesh="m1", origin=[]> (%arg0) (%a: tensor<16xf32>) {
    mpmd.return %a : tensor<16xf32>
  } : (!m1) -> !m1
  func.return %f : !m1
}

// RUN: mpmd_opt %s | FileCheck %s
// RUN: mpmd_opt %s | mpmd_opt | FileCheck %s
// mpmd attributes in full form; bodies that are not pretty print as #mpmd<...>.

// CHECK-LABEL: func.func @attrs
// CHECK-SAME: a = #mpmd<origin"x">
// CHECK-SAME: b = #mpmd<mesh_with_origins"m"["o1", "o2"]>
// CHECK-SAME: c = #mpmd.named_mesh<"m" : <["x"=2]>>
// CHECK-SAME: d = #mpmd.user_origin<"u"(3)>
// CHECK-SAME: e = #mpmd.reduction<or>
// CHECK-SAME: f = #mpmd.meshes_with_origins<>
// CHECK-SAME: g = #mpmd.topology<<"m" : <["x"=2, "y"=1]>>>
func.func @attrs() attributes {
    a = #mpmd.origin"x", b = #mpmd.mesh_with_origins"m"["o1","o2"],
    c = #mpmd.named_mesh<"m" : <["x"=2]>>, d = #mpmd.user_origin<"u"(3)>,
    e = #mpmd.reduction<or>, f = #mpmd.meshes_with_origins<>,
    g = #mpmd.topology<#mpmd.named_mesh<"m" : #sdy.mesh<["x"=2, "y"=1]>>>} {
  return
}

// The fragment merges act on every fragment the function holds, nested ones
// included: a fragment in an mpmd.for inside another fragment's body is
// visited (here erased, as nothing uses it). The walk passes fragment bodies
// over only when no mpmd.for, nested symbol table or unregistered op could
// put a fragment there (merge_fragments.c:fragments_may_nest).
// RUN: mpmd_opt %s -mpmd-merge-inferred-fragments | FileCheck %s
// RUN: mpmd_opt %s -mpmd-merge-inferred-fragments=merge-any-consumer=true | FileCheck %s

!m1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>

// CHECK-LABEL: func.func @nested
// CHECK-NEXT:    mpmd.fragment<mesh="m1", origin=["outer"]>
// CHECK-NEXT:      mpmd.for ()
// CHECK-NEXT:        mpmd.return
// CHECK-NEXT:      } :
// CHECK-NEXT:      mpmd.return %arg1
func.func @nested(%arg0: !m1) -> !m1 attributes {
    "topology"=#mpmd.topology<<"m1": <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=["outer"]> (%arg0) (%a: tensor<4x8xf32>) {
    "mpmd.for"() ({
    ^bb0(%i: tensor<ui32>):
      %f = mpmd.fragment<mesh="m1", origin=["f"]> () () {
        %c = stablehlo.constant dense<1.0> : tensor<4x8xf32>
        mpmd.return %c : tensor<4x8xf32>
      } : () -> !m1
      %g = mpmd.fragment<mesh="m1", origin=[]> (%f) (%b: tensor<4x8xf32>) {
        %d = stablehlo.add %b, %b : tensor<4x8xf32>
        mpmd.return %d : tensor<4x8xf32>
      } : (!m1) -> !m1
      %h = mpmd.fragment<mesh="m1", origin=["h"]> (%g) (%b: tensor<4x8xf32>) {
        mpmd.return %b : tensor<4x8xf32>
      } : (!m1) -> !m1
      "mpmd.return"() : () -> ()
    }) {iterations = 2 : ui32, unroll_factor = 1 : ui32} : () -> ()
    mpmd.return %a : tensor<4x8xf32>
  } : (!m1) -> !m1
  func.return %0 : !m1
}

// RUN: mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["c"],mesh_name="m1")]),FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["b"],mesh_name="m1")->FragmentInfo(origins=["b"],mesh_name="m1")->FragmentInfo(origins=["a"],mesh_name="m1")])' | FileCheck %s
// RUN: mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["c"],mesh_name="m2")->FragmentInfo(origins=["a"],mesh_name="m1")])' | FileCheck %s --check-prefix=UNCHANGED
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["c"],mesh_name="m1")->FragmentInfo(origins=["a"],mesh_name="m1")]) remove-control-dependencies=false' -o %t 2>&1 | FileCheck %s --check-prefix=KEEP
// RUN: not test -s %t

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

// A rule of one fragment does nothing (Shardy only warns); a fragment
// following itself is skipped and stays the predecessor of the next one:
// b -> a. MLIR's sort then takes the ready b and c in one round, a in the
// next.
// CHECK-LABEL: func.func @main
// CHECK:       origin=["b"]
// CHECK:       origin=["c"]
// CHECK:       origin=["a"]

// An info whose mesh differs names no fragment: nothing is ordered.
// UNCHANGED-LABEL: func.func @main
// UNCHANGED:       origin=["a"]
// UNCHANGED:       origin=["b"]
// UNCHANGED:       origin=["c"]

// Control dependencies kept: `a` then has an operand more than its block
// arguments, which the verifier after the pass rejects.
// KEEP: :[[@LINE+2]]:8: error: number of block arguments must match the number of operands respectively: 1 != 2
func.func @main(%arg0: !t) -> (!t, !t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>>} {
  %a = mpmd.fragment<mesh="m1", origin=["a"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %b = mpmd.fragment<mesh="m1", origin=["b"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %c = mpmd.fragment<mesh="m1", origin=["c"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  return %a, %b, %c : !t, !t, !t
}

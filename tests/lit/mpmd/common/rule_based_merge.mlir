// RUN: not mpmd_opt %s -split-input-file -mpmd-rule-based-merge='rules=FragmentMergeRule(sources=[FragmentInfo(origins=["f"],call_counter=0,mesh_name="m1"),FragmentInfo(origins=["g"],mesh_name="m1")],target=FragmentInfo(origins=["fg"(1)],stage=2,split_type=kKeepTransferred,mesh_name="m1"))' 2>&1 | FileCheck %s
// RUN: not mpmd_opt %s -split-input-file -mpmd-rule-based-merge='rules=FragmentMergeRule(sources=[FragmentInfo(origins=["f"],call_counter=0,mesh_name="m1"),FragmentInfo(origins=["g"],mesh_name="m1")],target=FragmentInfo(origins=["fg"],mesh_name="m1"))' 2>&1 | FileCheck %s --check-prefix=CYCLE
// RUN: not mpmd_opt %s -split-input-file -mpmd-rule-based-merge='rules=FragmentMergeRule(sources=[FragmentInfo(origins=["f"],mesh_name="m1")],target=FragmentInfo(origins=["x"],mesh_name="m1")),FragmentMergeRule(sources=[FragmentInfo(origins=["f"],mesh_name="m1")],target=FragmentInfo(origins=["y"],mesh_name="m1"))' 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not mpmd_opt %s -mpmd-rule-based-merge='rules=Rule()' 2>&1 | FileCheck %s --check-prefix=PREFIX
// RUN: not mpmd_opt %s -mpmd-rule-based-merge='rules=FragmentMergeRule(sources=[FragmentInfo(origins=["f"],mesh_name="m1")]target=)' 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not mpmd_opt %s -mpmd-rule-based-merge='rules=FragmentMergeRule(sources=[FragmentInfo(origins=["f"],mesh_name="m1")],target=FragmentInfo(origins=["x"],mesh_name="m1")' 2>&1 | FileCheck %s --check-prefix=CLOSE

// A source info in two rules (Shardy checks it when the pass starts).
// TWICE: error: Fragment FragmentInfo(origins=["f"],mesh_name="m1") is already part of another merge rule.
// PREFIX: mpmd_opt: for the --rules option: Expected 'FragmentMergeRule(sources=['
// TARGET: mpmd_opt: for the --rules option: Expected ',' or '],target='
// CLOSE: mpmd_opt: for the --rules option: Expected ')'

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

// The merged fragment takes the place of the first source and is labelled
// with the target's info; an op it now needs that came between the sources
// goes before it (the function is sorted topologically).
// CHECK-LABEL: func.func @not_adjacent
// CHECK:      %[[Z:.*]] = mpmd.fragment<mesh="m1", origin=["z"]> (%arg0)
// CHECK:      %[[X:.*]] = mpmd.fragment<mesh="m1", origin=[]> (%arg0)
// CHECK:      %[[M:.*]] = mpmd.fragment<mesh="m1", origin=["fg"(1)], stage=2> (%arg0, %[[X]]) {split_keep_transferred} (%arg1: tensor<4xf32>, %arg2: tensor<4xf32>) {
// CHECK-NEXT:   %[[A:.*]] = stablehlo.abs %arg1
// CHECK-NEXT:   %[[S:.*]] = stablehlo.add %[[A]], %arg2
// CHECK-NEXT:   mpmd.return %[[S]]
// CHECK:      return %[[M]], %[[Z]]
func.func @not_adjacent(%arg0: !t) -> (!t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>>} {
  %f = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    %a = stablehlo.abs %x : tensor<4xf32>
    mpmd.return %a : tensor<4xf32>
  } : (!t) -> !t
  %z = mpmd.fragment<mesh="m1", origin=["z"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %i = mpmd.fragment<mesh="m1", origin=[]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %g = mpmd.fragment<mesh="m1", origin=["g"]> (%f, %i) (%x: tensor<4xf32>, %y: tensor<4xf32>) {
    %s = stablehlo.add %x, %y : tensor<4xf32>
    mpmd.return %s : tensor<4xf32>
  } : (!t, !t) -> !t
  return %g, %z : !t, !t
}

// -----

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

// Merging what depends on each other through another mesh is a cycle.
// CYCLE: error: Cycle detected in the program, not all fragments could be properly merged.
func.func @cycle(%arg0: !t) -> (!t, !t2) attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>, <"m2": <["x"=1]>>>} {
  %f = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {call_counter = 0 : ui32} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %t = mpmd.transfer %f : (!t) -> !t2
  %h = mpmd.fragment<mesh="m2", origin=["h"]> (%t) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t2) -> !t2
  %hb = mpmd.transfer %h : (!t2) -> !t
  %g = mpmd.fragment<mesh="m1", origin=["g"]> (%hb) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  return %g, %h : !t, !t2
}

// -----

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

// Sources on another mesh, or with another info (no call counter here), are
// not merged.
// CHECK-LABEL: func.func @no_match
// CHECK:      mpmd.fragment<mesh="m1", origin=["f"]>
// CHECK:      mpmd.fragment<mesh="m2", origin=["g"]>
func.func @no_match(%arg0: !t, %arg1: !t2) -> (!t, !t2) attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>, <"m2": <["x"=1]>>>} {
  %f = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %g = mpmd.fragment<mesh="m2", origin=["g"]> (%arg1) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t2) -> !t2
  return %f, %g : !t, !t2
}

// RUN: mpmd_opt %s -split-input-file -verify-diagnostics -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["f"],mesh_name="m1")->FragmentInfo(origins=["g"],mesh_name="m1")])'
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=Rule()' 2>&1 | FileCheck %s --check-prefix=PREFIX
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["f"],mesh_name="m1")' 2>&1 | FileCheck %s --check-prefix=CLOSE
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["f"(x)],mesh_name="m1")])' 2>&1 | FileCheck %s --check-prefix=TRANSPOSE
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["f"(1],mesh_name="m1")])' 2>&1 | FileCheck %s --check-prefix=PAREN
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=[f])])' 2>&1 | FileCheck %s --check-prefix=QUOTE
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["f"],stage=1,stage=2)])' 2>&1 | FileCheck %s --check-prefix=STAGE-TWICE
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["f"],stage=x)])' 2>&1 | FileCheck %s --check-prefix=STAGE-INT
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["f"],call_counter=1,call_counter=1)])' 2>&1 | FileCheck %s --check-prefix=COUNTER-TWICE
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["f"],call_counter=)])' 2>&1 | FileCheck %s --check-prefix=COUNTER-INT
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["f"],split_type=kOther)])' 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["f"],split_type=kKeepTransferred,split_type=kDropTransferred)])' 2>&1 | FileCheck %s --check-prefix=SPLIT-TWICE
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["f"],mesh_name="a",mesh_name="b")])' 2>&1 | FileCheck %s --check-prefix=MESH-TWICE
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["f"],mesh_name=m)])' 2>&1 | FileCheck %s --check-prefix=MESH-START
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["f"],other=1)])' 2>&1 | FileCheck %s --check-prefix=FIELD
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[FragmentInfo(origins=["f"]]' 2>&1 | FileCheck %s --check-prefix=INFO-CLOSE
// RUN: not mpmd_opt %s -mpmd-rule-based-schedule='rules=FragmentScheduleRule(ordered_fragments=[Info()])' 2>&1 | FileCheck %s --check-prefix=INFO

// PREFIX: mpmd_opt: for the --rules option: Expected 'FragmentScheduleRule(ordered_fragments=['
// CLOSE: mpmd_opt: for the --rules option: Expected '])'
// TRANSPOSE: mpmd_opt: for the --rules option: Expected a transpose count
// PAREN: mpmd_opt: for the --rules option: Expected ')'
// QUOTE: mpmd_opt: for the --rules option: Expected a '"'
// STAGE-TWICE: mpmd_opt: for the --rules option: 'stage' specified more than once
// STAGE-INT: mpmd_opt: for the --rules option: Expected an integer value for 'stage'
// COUNTER-TWICE: mpmd_opt: for the --rules option: 'call_counter' specified more than once
// COUNTER-INT: mpmd_opt: for the --rules option: Expected an integer value for 'call_counter'
// SPLIT: mpmd_opt: for the --rules option: Expected 'kKeepTransferred' or 'kDropTransferred' for 'split_type'
// SPLIT-TWICE: mpmd_opt: for the --rules option: 'split_type' specified more than once
// MESH-TWICE: mpmd_opt: for the --rules option: 'mesh_name' specified more than once
// MESH-START: mpmd_opt: for the --rules option: Expected '"' to start 'mesh_name'
// FIELD: mpmd_opt: for the --rules option: Expected 'stage=', 'call_counter=', 'split_type=', or 'mesh_name=' after ','
// INFO-CLOSE: mpmd_opt: for the --rules option: Expected ')'
// INFO: mpmd_opt: for the --rules option: Expected 'FragmentInfo(origins=['

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

// Two user fragments with one info: every repeat is reported on the function.
// expected-error@+2 {{Fragment info FragmentInfo(origins=["f"],mesh_name="m1") already exists for another fragment. Check if you have multiple `named_computation` with the same name. If so, please rename one of them.}}
// expected-error@+1 {{Fragment info FragmentInfo(origins=["f"(1)],stage=2,call_counter=3,split_type=kKeepTransferred,mesh_name="m1") already exists for another fragment. Check if you have multiple `named_computation` with the same name. If so, please rename one of them.}}
func.func @duplicate_info(%arg0: !t) -> (!t, !t, !t, !t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=1]>>>} {
  %a = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %b = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %c = mpmd.fragment<mesh="m1", origin=["f"(1)], stage=2> (%arg0) {call_counter = 3 : ui32, split_keep_transferred} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %d = mpmd.fragment<mesh="m1", origin=["f"(1)], stage=2> (%arg0) {call_counter = 3 : ui32, split_keep_transferred} (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  // Inferred fragments have no info to clash.
  %e = mpmd.fragment<mesh="m1", origin=[]> (%arg0) (%x: tensor<4xf32>) {
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  return %a, %b, %c, %d, %e : !t, !t, !t, !t, !t
}

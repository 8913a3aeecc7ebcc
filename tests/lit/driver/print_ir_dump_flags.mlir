// RUN: sdy_opt --allow-unregistered-dialect '--pass-pipeline=builtin.module(func.func(cse),symbol-dce)' --mlir-disable-threading --mlir-print-ir-before=symbol-dce --mlir-print-ir-after=cse --mlir-print-ir-after=symbol-dce %s 2>&1 >/dev/null | FileCheck %s --check-prefix=NAMED
// RUN: sdy_opt --allow-unregistered-dialect '--pass-pipeline=builtin.module(func.func(cse),symbol-dce)' --mlir-disable-threading --mlir-print-ir-after-all --mlir-print-ir-after-change %s 2>&1 >/dev/null | FileCheck %s --check-prefix=CHANGE
// RUN: sdy_opt --allow-unregistered-dialect '--pass-pipeline=builtin.module(func.func(cse),symbol-dce)' --mlir-disable-threading --mlir-print-ir-after=cse --mlir-print-ir-module-scope %s 2>&1 >/dev/null | FileCheck %s --check-prefix=SCOPE
// RUN: not sdy_opt --allow-unregistered-dialect '--pass-pipeline=builtin.module(func.func(cse),symbol-dce)' --mlir-print-ir-module-scope %s 2>&1 >/dev/null | FileCheck %s --check-prefix=THREADS
// RUN: sdy_opt --allow-unregistered-dialect '--pass-pipeline=builtin.module(func.func(cse),symbol-dce)' --mlir-print-ir-after-all --mlir-print-ir-after-failure %s 2>&1 >/dev/null | FileCheck %s --allow-empty --check-prefix=FAILURE
// RUN: sdy_opt --allow-unregistered-dialect '--pass-pipeline=builtin.module(func.func(cse),symbol-dce)' --mlir-disable-threading --mlir-print-ir-before=cse --mlir-print-op-generic --mlir-print-value-users %s 2>&1 >/dev/null | FileCheck %s --check-prefix=FLAGS
// RUN: not sdy_opt --allow-unregistered-dialect --mlir-print-ir-after=cse,nosuch %s 2>&1 >/dev/null | FileCheck %s --check-prefix=UNKNOWN
// RUN: not sdy_opt --allow-unregistered-dialect --mlir-print-ir-before %s 2>&1 >/dev/null | FileCheck %s --check-prefix=EMPTY
// The IR dump flags besides -mlir-print-ir-{before,after}-all: passes named
// by -mlir-print-ir-before= / -after= (lists, repeated), -after-change (only
// dumps where the IR changed), -module-scope (the whole module, named after
// the op the pass ran on; refused with threads), -after-failure with
// -after-all (nothing unless a pass fails), and the printing flags applied
// to the dumps (local scope for functions).

func.func @f(%a: i32) -> (i32, i32) {
  %c = arith.constant 0 : i32
  %d = arith.constant 0 : i32
  %0 = "test.op"(%a, %c) : (i32, i32) -> i32
  %1 = "test.op"(%a, %d) : (i32, i32) -> i32
  return %0, %1 : i32, i32
}
func.func private @g()
func.func @h() {
  return
}

// NAMED: // -----// IR Dump After CSE (cse) //----- //
// NAMED-NEXT: func.func @f(%arg0: i32) -> (i32, i32) {
// NAMED-NEXT:   %c0_i32 = arith.constant 0 : i32
// NAMED-NEXT:   %0 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// NAMED-NEXT:   %1 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// NAMED-NEXT:   return %0, %1 : i32, i32
// NAMED-NEXT: }
// NAMED-EMPTY:
// NAMED-NEXT: // -----// IR Dump After CSE (cse) //----- //
// NAMED-NEXT: func.func private @g()
// NAMED-EMPTY:
// NAMED-NEXT: // -----// IR Dump After CSE (cse) //----- //
// NAMED-NEXT: func.func @h() {
// NAMED-NEXT:   return
// NAMED-NEXT: }
// NAMED-EMPTY:
// NAMED-NEXT: // -----// IR Dump Before SymbolDCE (symbol-dce) //----- //
// NAMED-NEXT: module {
// NAMED-NEXT:   func.func @f(%arg0: i32) -> (i32, i32) {
// NAMED-NEXT:     %c0_i32 = arith.constant 0 : i32
// NAMED-NEXT:     %0 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// NAMED-NEXT:     %1 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// NAMED-NEXT:     return %0, %1 : i32, i32
// NAMED-NEXT:   }
// NAMED-NEXT:   func.func private @g()
// NAMED-NEXT:   func.func @h() {
// NAMED-NEXT:     return
// NAMED-NEXT:   }
// NAMED-NEXT: }
// NAMED-EMPTY:
// NAMED-EMPTY:
// NAMED-NEXT: // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// NAMED-NEXT: module {
// NAMED-NEXT:   func.func @f(%arg0: i32) -> (i32, i32) {
// NAMED-NEXT:     %c0_i32 = arith.constant 0 : i32
// NAMED-NEXT:     %0 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// NAMED-NEXT:     %1 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// NAMED-NEXT:     return %0, %1 : i32, i32
// NAMED-NEXT:   }
// NAMED-NEXT:   func.func @h() {
// NAMED-NEXT:     return
// NAMED-NEXT:   }
// NAMED-NEXT: }

// CHANGE: // -----// IR Dump After CSE (cse) //----- //
// CHANGE-NEXT: func.func @f(%arg0: i32) -> (i32, i32) {
// CHANGE-NEXT:   %c0_i32 = arith.constant 0 : i32
// CHANGE-NEXT:   %0 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// CHANGE-NEXT:   %1 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// CHANGE-NEXT:   return %0, %1 : i32, i32
// CHANGE-NEXT: }
// CHANGE-EMPTY:
// CHANGE-NEXT: // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// CHANGE-NEXT: module {
// CHANGE-NEXT:   func.func @f(%arg0: i32) -> (i32, i32) {
// CHANGE-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHANGE-NEXT:     %0 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// CHANGE-NEXT:     %1 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// CHANGE-NEXT:     return %0, %1 : i32, i32
// CHANGE-NEXT:   }
// CHANGE-NEXT:   func.func @h() {
// CHANGE-NEXT:     return
// CHANGE-NEXT:   }
// CHANGE-NEXT: }

// SCOPE: // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
// SCOPE-NEXT: module {
// SCOPE-NEXT:   func.func @f(%arg0: i32) -> (i32, i32) {
// SCOPE-NEXT:     %c0_i32 = arith.constant 0 : i32
// SCOPE-NEXT:     %0 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// SCOPE-NEXT:     %1 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// SCOPE-NEXT:     return %0, %1 : i32, i32
// SCOPE-NEXT:   }
// SCOPE-NEXT:   func.func private @g()
// SCOPE-NEXT:   func.func @h() {
// SCOPE-NEXT:     return
// SCOPE-NEXT:   }
// SCOPE-NEXT: }
// SCOPE-EMPTY:
// SCOPE-EMPTY:
// SCOPE-NEXT: // -----// IR Dump After CSE (cse) ('func.func' operation: @g) //----- //
// SCOPE-NEXT: module {
// SCOPE-NEXT:   func.func @f(%arg0: i32) -> (i32, i32) {
// SCOPE-NEXT:     %c0_i32 = arith.constant 0 : i32
// SCOPE-NEXT:     %0 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// SCOPE-NEXT:     %1 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// SCOPE-NEXT:     return %0, %1 : i32, i32
// SCOPE-NEXT:   }
// SCOPE-NEXT:   func.func private @g()
// SCOPE-NEXT:   func.func @h() {
// SCOPE-NEXT:     return
// SCOPE-NEXT:   }
// SCOPE-NEXT: }
// SCOPE-EMPTY:
// SCOPE-EMPTY:
// SCOPE-NEXT: // -----// IR Dump After CSE (cse) ('func.func' operation: @h) //----- //
// SCOPE-NEXT: module {
// SCOPE-NEXT:   func.func @f(%arg0: i32) -> (i32, i32) {
// SCOPE-NEXT:     %c0_i32 = arith.constant 0 : i32
// SCOPE-NEXT:     %0 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// SCOPE-NEXT:     %1 = "test.op"(%arg0, %c0_i32) : (i32, i32) -> i32
// SCOPE-NEXT:     return %0, %1 : i32, i32
// SCOPE-NEXT:   }
// SCOPE-NEXT:   func.func private @g()
// SCOPE-NEXT:   func.func @h() {
// SCOPE-NEXT:     return
// SCOPE-NEXT:   }
// SCOPE-NEXT: }

// THREADS: <unknown>:0: error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.



// FLAGS: // -----// IR Dump Before CSE (cse) //----- //
// FLAGS-NEXT: "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "f"}> ({
// FLAGS-NEXT: ^bb0(%arg0: i32):
// FLAGS-NEXT:   // %arg0 is used by %4, %3
// FLAGS-NEXT:   %1 = "arith.constant"() <{value = 0 : i32}> : () -> i32 // user: %3
// FLAGS-NEXT:   %2 = "arith.constant"() <{value = 0 : i32}> : () -> i32 // user: %4
// FLAGS-NEXT:   %3 = "test.op"(%arg0, %1) : (i32, i32) -> i32 // user: %5
// FLAGS-NEXT:   %4 = "test.op"(%arg0, %2) : (i32, i32) -> i32 // user: %5
// FLAGS-NEXT:   "func.return"(%3, %4) : (i32, i32) -> () // id: %5
// FLAGS-NEXT: }) : () -> ()
// FLAGS-EMPTY:
// FLAGS-NEXT: // -----// IR Dump Before CSE (cse) //----- //
// FLAGS-NEXT: "func.func"() <{function_type = () -> (), sym_name = "g", sym_visibility = "private"}> ({
// FLAGS-NEXT: }) : () -> ()
// FLAGS-EMPTY:
// FLAGS-NEXT: // -----// IR Dump Before CSE (cse) //----- //
// FLAGS-NEXT: "func.func"() <{function_type = () -> (), sym_name = "h"}> ({
// FLAGS-NEXT:   "func.return"() : () -> ()
// FLAGS-NEXT: }) : () -> ()

// UNKNOWN: sdy_opt: for the --mlir-print-ir-after option: Cannot find option named 'nosuch'!

// EMPTY: sdy_opt: for the --mlir-print-ir-before option: Cannot find option named ''!

// FAILURE-NOT: IR Dump

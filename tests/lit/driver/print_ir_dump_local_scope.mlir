// RUN: sdy_opt --allow-unregistered-dialect '--pass-pipeline=builtin.module(func.func(cse))' --mlir-print-ir-after-all %s 2>&1 >/dev/null | FileCheck %s --check-prefix=FUNC
// RUN: sdy_opt --allow-unregistered-dialect '--pass-pipeline=builtin.module(func.func(cse))' --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading %s 2>&1 >/dev/null | FileCheck %s --check-prefix=MODULE
// An IR dump of a function prints it as MLIR's Operation::print with local
// scope: attributes and locations inline instead of aliases, no resources
// after it; a dump of the module (module scope) prints both.

// A function dumped on its own prints with local scope: aliases inline,
// no resources after it; the module dumped prints both.
func.func @f(%a: i32) -> i32 {
  %0 = "test.op"(%a) {m = affine_map<(d0) -> (d0 + 1)>, l = loc("x"), s = dense_resource<blob1> : tensor<2xi32>} : (i32) -> i32
  return %0 : i32
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}

// FUNC: // -----// IR Dump After CSE (cse) //----- //
// FUNC-NEXT: func.func @f(%arg0: i32) -> i32 {
// FUNC-NEXT:   %0 = "test.op"(%arg0) {l = loc("x"), m = affine_map<(d0) -> (d0 + 1)>, s = dense_resource<blob1> : tensor<2xi32>} : (i32) -> i32
// FUNC-NEXT:   return %0 : i32
// FUNC-NEXT: }

// MODULE: // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
// MODULE-NEXT: #loc = loc("x")
// MODULE-NEXT: #map = affine_map<(d0) -> (d0 + 1)>
// MODULE-NEXT: module {
// MODULE-NEXT:   func.func @f(%arg0: i32) -> i32 {
// MODULE-NEXT:     %0 = "test.op"(%arg0) {l = #loc, m = #map, s = dense_resource<blob1> : tensor<2xi32>} : (i32) -> i32
// MODULE-NEXT:     return %0 : i32
// MODULE-NEXT:   }
// MODULE-NEXT: }
// MODULE-EMPTY:
// MODULE-NEXT: {-#
// MODULE-NEXT:   dialect_resources: {
// MODULE-NEXT:     builtin: {
// MODULE-NEXT:       blob1: "0x040000000100000002000000"
// MODULE-NEXT:     }
// MODULE-NEXT:   }
// MODULE-NEXT: #-}

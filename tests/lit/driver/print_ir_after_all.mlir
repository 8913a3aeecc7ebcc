// RUN: sdy_opt --allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(canonicalize))' -mlir-print-ir-after-all %s -o /dev/null 2>&1 | FileCheck %s
// One dump per function for function passes, in MLIR's format.

// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @f(%arg0: i32) -> i32 {
// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @g() {
func.func @f(%a: i32) -> i32 {
  %0 = "foo.x"(%a) : (i32) -> i32
  return %a : i32
}
func.func @g() {
  return
}

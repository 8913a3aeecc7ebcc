// RUN: not sdy_opt --allow-unregistered-dialect -symbol-dce --mlir-print-value-users --mlir-print-op-generic %s 2>&1 | FileCheck %s
// RUN: not mlir-opt-22 --allow-unregistered-dialect -symbol-dce --mlir-print-value-users --mlir-print-op-generic %s 2>&1 | FileCheck %s
// An op printed on its own (a diagnostic's "see current operation", an IR
// dump) is printed as every nested op is: under -mlir-print-value-users its
// users' comment follows it, after the closing of its regions.

// CHECK: error: operation contains potentially unknown symbol table
// CHECK: note: see current operation:
// CHECK-NEXT: %1 = "foo.region"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT:   // %arg0 is unused
// CHECK-NEXT:   "foo.x"() : () -> ()
// CHECK-NEXT: }) : () -> i32 // user: %2
%0 = "foo.region"() ({
^bb0(%x: i32):
  "foo.x"() : () -> ()
}) : () -> i32
"foo.use"(%0) : (i32) -> ()

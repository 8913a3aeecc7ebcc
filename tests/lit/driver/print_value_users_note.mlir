// RUN: not sdy_opt --split-input-file --allow-unregistered-dialect --symbol-dce --mlir-print-value-users %s 2>&1 >/dev/null | FileCheck %s
// RUN: not sdy_opt --split-input-file --allow-unregistered-dialect --symbol-dce --mlir-print-value-users --mlir-print-op-generic %s 2>&1 >/dev/null | FileCheck %s
// -mlir-print-value-users on an op printed alone (a diagnostic's "see
// current operation" note, an IR dump of a nested op): MLIR prints it with
// printFullOpWithIndentAndLoc, which ends in the op's own users' comment.
// (symbol-dce refuses the unknown ops with regions: symbol tables it cannot
// read.)

module {
  %0 = "foo.def"() : () -> i32
  %1:2 = "foo.pair"(%0) ({
  }) : (i32) -> (i32, i32)
  "foo.use"(%1#0, %1#1, %0) : (i32, i32, i32) -> ()
}

// CHECK: note: see current operation:
// CHECK-NEXT: %2:2 = "foo.pair"(%1) ({
// CHECK-NEXT: }) : (i32) -> (i32, i32) // users: (%3), (%3){{$}}

// -----

module {
  %0 = "foo.def"() : () -> i32
  "foo.table"(%0, %0) ({
  }) : (i32, i32) -> ()
}

// CHECK: note: see current operation:
// CHECK-NEXT: "foo.table"(%1, %1) ({
// CHECK-NEXT: }) : (i32, i32) -> () // id: %2{{$}}

// -----

module {
  %0 = "foo.def"() : () -> i32
  %1 = "foo.r"(%0) ({
  }) : (i32) -> i32
}

// CHECK: note: see current operation:
// CHECK-NEXT: %2 = "foo.r"(%1) ({
// CHECK-NEXT: }) : (i32) -> i32 // unused{{$}}

// -----

module {
  %0 = "foo.r"() ({
  }) : () -> i32
  "foo.use"(%0) : (i32) -> ()
}

// CHECK: note: see current operation:
// CHECK-NEXT: %1 = "foo.r"() ({
// CHECK-NEXT: }) : () -> i32 // user: %2{{$}}

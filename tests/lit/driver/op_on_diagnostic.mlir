// RUN: not sdy_opt - -split-input-file --allow-unregistered-dialect < %s 2>&1 | FileCheck %s --strict-whitespace
// RUN: not sdy_opt - -split-input-file --allow-unregistered-dialect -mlir-print-op-on-diagnostic=false < %s 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: sdy_opt - -split-input-file --allow-unregistered-dialect -verify-diagnostics < %s

// MLIR's printOpOnDiagnostic: Operation::emitError attaches a note at the
// op's location showing the op in generic form, numbered from its nearest
// IsolatedFromAbove ancestor; the note repeats no source line when its
// location is the one just shown. -mlir-print-op-on-diagnostic=false turns
// it off, and -verify-diagnostics never attaches it.

// CHECK: <stdin>:[[@LINE+8]]:3: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f
// CHECK-NEXT: {{^}}  return %0 : i32
// CHECK-NEXT: {{^}}  ^
// CHECK-NEXT: <stdin>:[[@LINE+5]]:3: note: see current operation: "func.return"(%0) : (i32) -> (){{$}}
// OFF-NOT: see current operation
func.func @f(%arg0: i32) -> i64 {
  %0 = "x.foo"(%arg0) {v = dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]> : tensor<17xi32>} : (i32) -> i32
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f}}
  return %0 : i32
}

// -----

// An op printed over several lines starts on a line of its own; elements
// attributes with more than 16 elements are elided, splats are not.

// CHECK: <stdin>:[[@LINE+11]]:3: error: block with no terminator, has {{$}}
// CHECK-NEXT: {{^}}"builtin.module"() ({
// CHECK-NEXT: {{^}}  "x.c"() {v = dense_resource<__elided__> : tensor<17xi32>, w = dense<1> : tensor<20xi32>} : () -> ()
// CHECK-NEXT: {{^}}}) : () -> ()
// CHECK-NEXT: {{^}}  "builtin.module"() ({
// CHECK-NEXT: {{^}}  ^
// CHECK-NEXT: <stdin>:[[@LINE+5]]:3: note: see current operation: {{$}}
// CHECK-NEXT: {{^}}"builtin.module"() ({
"func.func"() ({
^bb0(%arg0: i32):
  // expected-error @+1 {{block with no terminator}}
  "builtin.module"() ({
    "x.c"() {v = dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]> : tensor<17xi32>, w = dense<1> : tensor<20xi32>} : () -> ()
  }) : () -> ()
}) {sym_name = "k", function_type = (i32) -> i32} : () -> ()

// -----

// A location with no file position prints as llvm::SourceMgr prints an
// invalid one, followed by the location itself.

// CHECK: <unknown>:0: error: loc("w"): type of return operand 0 ('i32') doesn't match function result type ('i64') in function @g
// CHECK-NEXT: <unknown>:0: note: loc("w"): see current operation: "func.return"(%arg0) : (i32) -> ()
// OFF: <unknown>:0: error: loc("w"): type of return operand 0
func.func @g(%arg0: i32) -> i64 {
  // expected-error @unknown {{type of return operand 0}}
  return %arg0 : i32 loc("w")
}

// -----

// A call site shows its callee, then a "called from" note per caller.

// CHECK: <stdin>:[[@LINE+10]]:5: error: type of return operand 0
// CHECK-NEXT: {{^}}  return %arg0 : i32 loc(callsite
// CHECK-NEXT: {{^}}    ^
// CHECK-NEXT: other.mlir:5:6: note: called from
// CHECK-NEXT: <stdin>:[[@LINE+4]]:1: note: called from
// CHECK-NEXT: {{^}}func.func @h(%arg0: i32) -> i64 {
// CHECK-NEXT: {{^}}^
// CHECK-NEXT: <stdin>:[[@LINE+3]]:5: note: see current operation: "func.return"(%arg0) : (i32) -> ()
func.func @h(%arg0: i32) -> i64 {
  // expected-error @+1 {{type of return operand 0}}
  return %arg0 : i32 loc(callsite("n"("<stdin>":70:5) at callsite("other.mlir":5:6 at "<stdin>":68:1)))
}

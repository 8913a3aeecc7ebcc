// RUN: not sdy_opt --mlir-disable-diagnostic-notes %s 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTES
// -mlir-disable-diagnostic-notes drops notes emitted on their own (MLIR's
// DiagnosticFilter), not the notes attached to an error.

func.func @f() {
  %c = arith.constant 1 : i32
  return %c : i32
}

// NOTES: {{.*}}:7:3: error: 'func.return' op has 1 operands, but enclosing function (@f) returns 0
// NOTES-NEXT:   return %c : i32
// NOTES-NEXT:   ^
// NOTES-NEXT: {{.*}}:7:3: note: see current operation: "func.return"(%0) : (i32) -> ()

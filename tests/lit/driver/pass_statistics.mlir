// RUN: sdy_opt --allow-unregistered-dialect --mlir-pass-statistics --mlir-pass-statistics-display=list --cse %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: not sdy_opt --allow-unregistered-dialect --mlir-pass-statistics-display=tree %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DISPLAY
// -mlir-pass-statistics: sharc's passes keep no statistics, so the report
// after each run of the pass manager (each split chunk) is empty, as
// mlir-opt-22's is (a build whose statistics are compiled out);
// -mlir-disable-diagnostic-notes drops notes emitted on their own, never the
// notes attached to a diagnostic.

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

// STATS: ===-------------------------------------------------------------------------===
// STATS-NEXT:                          ... Pass statistics report ...
// STATS-NEXT: ===-------------------------------------------------------------------------===

// DISPLAY: sdy_opt: for the --mlir-pass-statistics-display option: Cannot find option named 'tree'!

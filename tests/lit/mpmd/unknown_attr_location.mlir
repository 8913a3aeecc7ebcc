// An mpmd attribute mnemonic the dialect does not know is reported at the
// mnemonic: Shardy's MPMD dialect uses ODS's default attribute parser
// (useDefaultAttributePrinterParser), which reports it there, as
// mlir-opt-22 does for arith's, not at the token after it.
// RUN: not mpmd_opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s

// CHECK: unknown_attr_location.mlir:[[@LINE+2]]:26: error: unknown attribute `bogus` in dialect `mpmd`
func.func @bogus() {
  "test.op"() {a = #mpmd.bogus<1>} : () -> ()
  return
}

// -----

// CHECK: unknown_attr_location.mlir:[[@LINE+2]]:26: error: unknown attribute `nothing` in dialect `mpmd`
func.func @bare() {
  "test.op"() {a = #mpmd.nothing} : () -> ()
  return
}

// An unknown pass is rejected, never ignored. (A registered Shardy pass not
// implemented yet would be refused with "pass '-X' is not implemented yet";
// every Shardy pass is implemented now, see tests/unit/test_pass.c.)
// RUN: not sdy_opt -no-such-pass %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: Unknown command line argument '-no-such-pass'
func.func @f() {
  return
}

// A registered Shardy pass that is not implemented yet is rejected, never ignored.
// RUN: not mpmd_opt -sdy-per-instruction-partitioning %s 2>&1 | FileCheck %s --check-prefix=UNIMPL
// RUN: not sdy_opt -no-such-pass %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNIMPL: pass '-sdy-per-instruction-partitioning' is not implemented yet
// UNKNOWN: Unknown command line argument '-no-such-pass'
func.func @f() {
  return
}

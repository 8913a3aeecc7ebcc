// A registered Shardy pass that is not implemented yet is rejected, never ignored.
// RUN: not sdy_opt -sdy-user-priority-propagate %s 2>&1 | FileCheck %s --check-prefix=UNIMPL
// RUN: not sdy_opt -no-such-pass %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNIMPL: pass '-sdy-user-priority-propagate' is not implemented yet
// UNKNOWN: Unknown command line argument '-no-such-pass'
func.func @f() {
  return
}

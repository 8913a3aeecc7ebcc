// A registered Shardy pass that is not implemented yet is rejected, never ignored.
// RUN: not mpmd_opt -mpmd-pipeline-scheduler %s 2>&1 | FileCheck %s --check-prefix=UNIMPL
// RUN: not sdy_opt -no-such-pass %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNIMPL: pass '-mpmd-pipeline-scheduler' is not implemented yet
// UNKNOWN: Unknown command line argument '-no-such-pass'
func.func @f() {
  return
}

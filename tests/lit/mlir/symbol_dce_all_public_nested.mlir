// Every top-level symbol public, and a dead private symbol in a nested
// module (inside a function too): symbol-dce still sweeps the nested tables.
// RUN: sdy_opt -allow-unregistered-dialect -symbol-dce %s > %t.sharc
// RUN: mlir-opt-22 -allow-unregistered-dialect -symbol-dce %s > %t.mlir
// RUN: diff %t.sharc %t.mlir
// RUN: FileCheck %s < %t.sharc

// CHECK-LABEL: func.func @pub
// CHECK-NOT:   @dead_in_func
// CHECK:       module @inner
// CHECK-NOT:   @dead_inner
// CHECK:       func.func @kept
func.func @pub() {
  "foo.holder"() ({
    builtin.module {
      func.func private @dead_in_func()
    }
  }, {}) : () -> ()
  return
}
module @inner {
  func.func private @dead_inner()
  func.func @kept() {
    return
  }
}

// -symbol-dce on symbols mlir-opt-22 knows too (func.func, builtin.module):
// sharc's output is byte-identical to `mlir-opt-22 -symbol-dce` (the diff RUN
// lines), the nested-table pipeline included.
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -symbol-dce %s > %t.sharc
// RUN: mlir-opt-22 -allow-unregistered-dialect -split-input-file -symbol-dce %s > %t.mlir
// RUN: diff %t.sharc %t.mlir
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file --pass-pipeline='builtin.module(builtin.module(symbol-dce))' %s > %t.nested.sharc
// RUN: mlir-opt-22 -allow-unregistered-dialect -split-input-file --pass-pipeline='builtin.module(builtin.module(symbol-dce))' %s > %t.nested.mlir
// RUN: diff %t.nested.sharc %t.nested.mlir
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -symbol-dce %s | FileCheck %s
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file --pass-pipeline='builtin.module(builtin.module(symbol-dce))' %s | FileCheck %s --check-prefix=NESTED

// Public symbols and non-symbols are live, and so is whatever they refer to,
// from any attribute (nested in arrays and dictionaries too). A private or
// nested symbol nothing live refers to is dead: so are the uses it holds.
// CHECK-LABEL: func.func @public
// CHECK:         func.func private @called
// CHECK-NEXT:    func.func private @from_attr
// CHECK-NEXT:    func.func private @deep
// CHECK-NEXT:    "foo.user"() {ref = @from_user}
// CHECK-NEXT:    func.func private @from_user
// CHECK-NEXT:    "foo.props"() <{ref = @from_props}>
// CHECK-NOT:     func.func
// CHECK:         }
module {
  func.func @public() attributes {uses = [{x = @from_attr}]} {
    call @called() : () -> ()
    return
  }
  func.func private @called()
  func.func private @from_attr() attributes {next = [[@deep]]}
  func.func private @deep()
  func.func private @dead() attributes {ref = @dead_too}
  func.func private @dead_too()
  func.func nested @nested_dead()
  "foo.user"() {ref = @from_user} : () -> ()
  func.func private @from_user()
  // properties of an unregistered op are not looked at, as in MLIR
  "foo.props"() <{ref = @from_props}> : () -> ()
  func.func private @from_props()
}

// -----

// Nested symbol tables: references resolve through them (@inner::@f makes
// both live); inside a table nobody outside can see (the top module, or a
// private one), nested symbols are discardable too. Private modules go whole.
// CHECK-LABEL: module @inner {
// CHECK-NEXT:      func.func nested @f()
// CHECK-NEXT:    }
// CHECK-NEXT:    module @public_unused {
// CHECK-NEXT:    }
// CHECK-NEXT:    "foo.user"() {ref = @inner::@f}
// CHECK-NEXT:  }
// NESTED-LABEL: module @inner {
// NESTED-NEXT:      func.func nested @f()
// NESTED-NEXT:      func.func nested @g()
// NESTED-NEXT:    }
// NESTED-NEXT:    module @public_unused {
// NESTED-NEXT:      func.func nested @kept_when_visible()
// NESTED-NEXT:    }
// NESTED-NEXT:    module @private_module attributes {sym_visibility = "private"} {
// NESTED-NEXT:    }
module {
  module @inner {
    func.func nested @f()
    func.func nested @g()
    func.func private @p()
  }
  module @public_unused {
    func.func nested @kept_when_visible()
    func.func private @gone()
  }
  module @private_module attributes {sym_visibility = "private"} {
    func.func nested @n()
  }
  "foo.user"() {ref = @inner::@f} : () -> ()
}

// -----

// A reference that does not resolve (or goes through a non-table) is ignored:
// @g is not live through @g::@h.
// CHECK-LABEL: func.func @f() attributes {refs = [@missing, @g::@h]}
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module {
  func.func @f() attributes {refs = [@missing, @g::@h]} {
    return
  }
  func.func private @g()
}

// RUN: sdy_opt --allow-unregistered-dialect --mlir-print-skip-regions %s  | FileCheck %s --check-prefix=SKIP
// RUN: sdy_opt --allow-unregistered-dialect --mlir-print-skip-regions --mlir-print-op-generic %s  | FileCheck %s --check-prefix=GENERIC
// -mlir-print-skip-regions: every region as {...}, the top op's included.

// Regions skipped: functions, generic ops with several regions and blocks,
// nested modules.
module @m attributes {test.a = 1 : i32} {
  func.func @f(%a: i32) -> i32 {
    %0 = "test.region"(%a) ({
    ^bb0(%x: i32):
      "test.yield"(%x) : (i32) -> ()
    }, {
    }) : (i32) -> i32
    return %0 : i32
  }
  module @inner {
    func.func private @g()
  }
  "test.noregion"() : () -> ()
}

// SKIP: module @m attributes {test.a = 1 : i32} {...}

// GENERIC: "builtin.module"() <{sym_name = "m"}> ({...}) {test.a = 1 : i32} : () -> ()

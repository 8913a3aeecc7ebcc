// RUN: not sdy_opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s
// Diagnostics of numbered value names, found through the parser's dense
// index or (for an N out of its reach) its hash table.

func.func @f(%arg0: i32) {
  %4 = "foo.a"() : () -> i32
  // CHECK: value_name_errors.mlir:[[@LINE+1]]:3: error: redefinition of SSA value '%4'
  %4 = "foo.b"() : () -> i32
  return
}

// -----

func.func @f(%arg0: i32) {
  %123456789 = "foo.a"() : () -> i32
  // CHECK: value_name_errors.mlir:[[@LINE+1]]:3: error: redefinition of SSA value '%123456789'
  %123456789 = "foo.b"() : () -> i32
  return
}

// -----

func.func @f(%arg0: i32) {
  // CHECK: value_name_errors.mlir:[[@LINE+1]]:11: error: use of undeclared SSA value name
  "foo.a"(%9) : (i32) -> ()
  return
}

// -----

func.func @f(%arg0: i32) {
  %9 = "foo.a"() : () -> i32
  "foo.d"() ({
    // CHECK: value_name_errors.mlir:[[@LINE+1]]:5: error: redefinition of SSA value '%9'
    %9 = "foo.e"() : () -> i32
  }) : () -> ()
  return
}

// -----

func.func @f(%arg0: i32) {
  // CHECK: value_name_errors.mlir:[[@LINE+1]]:3: error: operand #0 does not dominate this use
  "foo.c"(%12#1) : (i32) -> ()
  %12:2 = "foo.a"() : () -> (i32, i32)
  return
}

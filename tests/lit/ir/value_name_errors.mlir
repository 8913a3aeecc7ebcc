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

// -----

// Names of other prefixes (`%v`, `^bb`) are found by N in a run of their
// prefix; the rules stay those of any name.

func.func @f(%arg0: i32) {
  %v4 = "foo.a"() : () -> i32
  // CHECK: value_name_errors.mlir:[[@LINE+1]]:3: error: redefinition of SSA value '%v4'
  %v4 = "foo.b"() : () -> i32
  return
}

// -----

func.func @f(%arg0: i32) {
  %v9 = "foo.a"() : () -> i32
  "foo.d"() ({
    // CHECK: value_name_errors.mlir:[[@LINE+1]]:5: error: redefinition of SSA value '%v9'
    %v9 = "foo.e"() : () -> i32
  }) : () -> ()
  return
}

// -----

func.func @f(%arg0: i32) {
  %v1 = "foo.a"() : () -> i32
  return
}
func.func @g(%arg0: i32) {
  // CHECK: value_name_errors.mlir:[[@LINE+1]]:11: error: use of undeclared SSA value name
  "foo.b"(%v1) : (i32) -> ()
  return
}

// -----

func.func @f(%arg0: i32) {
  %v2:2 = "foo.a"() : () -> (i32, i32)
  // CHECK: value_name_errors.mlir:[[@LINE+1]]:11: error: reference to invalid result number
  "foo.b"(%v2#2) : (i32) -> ()
  return
}

// -----

func.func @f(%arg0: i32) {
  %v1 = "foo.a"() : () -> i32
  // CHECK: value_name_errors.mlir:[[@LINE+1]]:11: error: use of undeclared SSA value name
  "foo.b"(%v01) : (i32) -> ()
  return
}

// -----

func.func @f(%arg0: i32) {
  // CHECK: value_name_errors.mlir:[[@LINE+1]]:14: error: reference to an undefined block
  "foo.br"()[^bb01] : () -> ()
^bb1:
  return
}

// -----

func.func @f(%arg0: i32) {
  %v123456789 = "foo.a"() : () -> i32
  // CHECK: value_name_errors.mlir:[[@LINE+1]]:3: error: redefinition of SSA value '%v123456789'
  %v123456789 = "foo.b"() : () -> i32
  return
}

// -----

// More prefixes than the parser keeps runs for: the last ones live in the
// hash table.
func.func @f(%arg0: i32) {
  %a0 = "foo.a"() : () -> i32
  %b0 = "foo.a"() : () -> i32
  %c0 = "foo.a"() : () -> i32
  %d0 = "foo.a"() : () -> i32
  %e0 = "foo.a"() : () -> i32
  %f0 = "foo.a"() : () -> i32
  %g0 = "foo.a"() : () -> i32
  %h0 = "foo.a"() : () -> i32
  %i0 = "foo.a"() : () -> i32
  %j0 = "foo.a"() : () -> i32
  %k0 = "foo.a"() : () -> i32
  %l0 = "foo.a"() : () -> i32
  %m0 = "foo.a"() : () -> i32
  %n0 = "foo.a"() : () -> i32
  %o0 = "foo.a"() : () -> i32
  %p0 = "foo.a"() : () -> i32
  %q0 = "foo.a"() : () -> i32
  // CHECK: value_name_errors.mlir:[[@LINE+1]]:3: error: redefinition of SSA value '%q0'
  %q0 = "foo.a"() : () -> i32
  return
}

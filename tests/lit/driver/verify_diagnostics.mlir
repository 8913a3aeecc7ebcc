// RUN: sdy_opt -verify-diagnostics -split-input-file %s
// RUN: not sdy_opt %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out
// CHECK: error: operation being parsed with an unregistered dialect

// expected-error @below {{operation being parsed with an unregistered dialect}}
"foo.bar"() : () -> ()

// -----

func.func @f() -> i32 {
  %0 = "func.call"() {callee = @f} : () -> i32
  return %0 : i32
}

// RUN: not sdy_opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s

// CHECK: parse_errors.mlir:[[@LINE+1]]:7: error: use of undeclared SSA value name
"a.b"(%x) : (i32) -> ()

// -----

// CHECK: parse_errors.mlir:[[@LINE+1]]:1: error: operation defines 2 results but was provided 3 to bind
%0:3 = "a.b"() : () -> (i32, i32)

// -----

// CHECK: parse_errors.mlir:[[@LINE+1]]:19: error: undefined symbol alias id 'nope'
"a.b"() {x = #nope} : () -> ()

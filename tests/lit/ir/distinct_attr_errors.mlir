// distinct[ID]<ATTR>: MLIR's message for each missing piece, an ID that
// is not an unsigned 64-bit integer, the unit form distinct[ID]<>, and the
// second error after an attribute that fails to parse.
// RUN: not sdy_opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s

// CHECK: distinct_attr_errors.mlir:[[@LINE+1]]:24: error: expected '[' after 'distinct'
"foo.a"() {a = distinct 1} : () -> ()

// -----

// CHECK: distinct_attr_errors.mlir:[[@LINE+1]]:25: error: expected distinct ID
"foo.a"() {a = distinct[x]} : () -> ()

// -----

// CHECK: distinct_attr_errors.mlir:[[@LINE+1]]:25: error: expected distinct ID
"foo.a"() {a = distinct[-1]<1>} : () -> ()

// -----

// CHECK: distinct_attr_errors.mlir:[[@LINE+1]]:26: error: expected ']' to close distinct ID
"foo.a"() {a = distinct[1 x} : () -> ()

// -----

// CHECK: distinct_attr_errors.mlir:[[@LINE+1]]:27: error: expected '<' after distinct ID
"foo.a"() {a = distinct[1] x} : () -> ()

// -----

// CHECK: distinct_attr_errors.mlir:[[@LINE+1]]:29: error: expected '>' to close distinct attribute
"foo.a"() {a = distinct[1]<1 x} : () -> ()

// -----

// CHECK: distinct_attr_errors.mlir:[[@LINE+2]]:28: error: expected attribute value
// CHECK: distinct_attr_errors.mlir:[[@LINE+1]]:28: error: expected attribute
"foo.a"() {a = distinct[1]<)>} : () -> ()

// -----

// CHECK: distinct_attr_errors.mlir:[[@LINE+1]]:48: error: expected an unsigned 64-bit integer
"foo.a"() {a = distinct[99999999999999999999999]<1>} : () -> ()

// -----

// CHECK: #distinct = distinct[0]<1 : i64>
// CHECK: "foo.a"() {a = #distinct, b = distinct[1]<>, c = distinct[1]<>} : () -> ()
"foo.a"() {a = distinct[18446744073709551615]<1>, b = distinct[0x10]<>, c = distinct[0x10]<>} : () -> ()

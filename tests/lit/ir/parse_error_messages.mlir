// MLIR's own message for each missing token, and where it points: a
// location's parentheses, dense/array/resource openers, complex pairs,
// shaped types' '<', an integer width past 32 bits, properties, attribute
// names (at the end of the text before), block arguments, file metadata.
// RUN: not sdy_opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:25: error: expected '(' in location
"foo.a"() : () -> () loc x

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:29: error: expected ')' in location
"foo.a"() : () -> () loc("x" x

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:19: error: expected '(' in inline location
"foo.a"() {a = loc x} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:23: error: expected ')' in inline location
"foo.a"() {a = loc("x" x} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:34: error: expected '(' in callsite location
"foo.a"() : () -> () loc(callsite x

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:45: error: expected ')' in callsite location
"foo.a"() : () -> () loc(callsite("a" at "b" x

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:33: error: expected '>' after fused location metadata
"foo.a"() : () -> () loc(fused<1 x

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:33: error: expected ')' after child location of NameLoc
"foo.a"() : () -> () loc("a"("b" x

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:21: error: expected '<' after 'dense'
"foo.a"() {a = dense 1} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:24: error: expected ',' between complex elements
"foo.a"() {a = dense<(1 2)> : tensor<complex<i32>>} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:27: error: expected ')' after complex elements
"foo.a"() {a = dense<(1, 2 3> : tensor<complex<i32>>} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:30: error: expected '<' after 'dense_resource'
"foo.a"() {a = dense_resource x} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:21: error: expected '<' after 'array'
"foo.a"() {a = array x} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:25: error: expected ':' after dense array type
"foo.a"() {a = array<i32 1>} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:26: error: expected '<' in tensor type
"foo.a"() {a = 1 : tensor x} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:26: error: expected '<' in memref type
"foo.a"() {a = 1 : memref x} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:26: error: expected '<' in vector type
"foo.a"() {a = 1 : vector x} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:27: error: expected '<' in complex type
"foo.a"() {a = 1 : complex x} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:25: error: expected '<' in tuple type
"foo.a"() {a = 1 : tuple x} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:20: error: invalid integer width
"foo.a"() {a = 1 : i99999999999999} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:20: error: invalid integer width
"foo.a"() {a = 1 : ui4294967296} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:20: error: integer bitwidth is limited to 16777215 bits
"foo.a"() {a = 1 : i4294967295} : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:19: error: expected '>' to close properties
"foo.a"() <{a = 1} x : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+1]]:18: error: expected attribute name
"foo.a"() {a = 1,
   } : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+2]]:8: error: expected ':' and type for SSA operand
"foo.a"() ({
^bb0(%a i32):
  "foo.b"() : () -> ()
}) : () -> ()

// -----

// CHECK: parse_error_messages.mlir:[[@LINE+2]]:26: error: expected ',' or '#-}'
"foo.a"() : () -> ()
{-# dialect_resources: {} x #-}

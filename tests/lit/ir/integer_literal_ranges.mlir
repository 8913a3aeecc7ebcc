// Which integer literals fit their type, by MLIR's buildAttributeAPInt: a
// negative one is 1..2^(w-1) (so -0 does not fit), a positive signed or
// index one stays below 2^(w-1); and each parser's words for one that does
// not: an attribute's, a dense or sparse element's ("for type", "expected
// unsigned integer elements"), an array element's (at the token after it;
// i1 arrays take only true/false); a decimal integer for a float gets
// MLIR's note.
// RUN: not sdy_opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:16: error: integer constant out of range for attribute
"foo.a"() {a = 128 : si8} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:17: error: integer constant out of range for attribute
"foo.a"() {a = -255 : i8} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:17: error: integer constant out of range for attribute
"foo.a"() {a = -0 : i8} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:17: error: integer constant out of range for attribute
"foo.a"() {a = -0 : i0} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:16: error: integer constant out of range for attribute
"foo.a"() {a = 9223372036854775808 : index} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:16: error: integer constant out of range for attribute
"foo.a"() {a = 0x80 : si8} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:26: error: integer constant out of range for type
"foo.a"() {a = dense<[1, 300]> : tensor<2xi8>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:27: error: expected unsigned integer elements, but parsed negative value
"foo.a"() {a = dense<[1, -1]> : tensor<2xui8>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:23: error: integer constant out of range for type
"foo.a"() {a = dense<-255> : tensor<i8>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:23: error: integer constant out of range for type
"foo.a"() {a = dense<-0> : tensor<i8>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:22: error: integer constant out of range for type
"foo.a"() {a = dense<128> : tensor<2xsi8>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:22: error: integer constant out of range for type
"foo.a"() {a = dense<9223372036854775808> : tensor<index>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:26: error: integer constant out of range for type
"foo.a"() {a = dense<(1, 300)> : tensor<complex<i8>>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:27: error: expected unsigned integer elements, but parsed negative value
"foo.a"() {a = dense<(1, -1)> : tensor<complex<ui8>>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:31: error: integer constant out of range for type
"foo.a"() {a = sparse<[[0]], [300]> : tensor<2xi8>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:32: error: expected unsigned integer elements, but parsed negative value
"foo.a"() {a = sparse<[[0]], [-1]> : tensor<2xui8>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:33: error: integer constant out of range
"foo.a"() {a = array<i8: 1, -255>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:28: error: integer constant out of range
"foo.a"() {a = array<i8: -0>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:27: error: expected 'true' or 'false' values for i1 type
"foo.a"() {a = array<i1: 1>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:28: error: expected 'true' or 'false' values for i1 type
"foo.a"() {a = array<i1: -1>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:26: error: expected integer literal
"foo.a"() {a = array<i8: 1.5>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+2]]:16: error: unexpected decimal integer literal for a floating point value
// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:16: note: add a trailing dot to make the literal a float
"foo.a"() {a = 1 : f32} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+2]]:28: error: unexpected decimal integer literal for a floating point value
// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:28: note: add a trailing dot to make the literal a float
"foo.a"() {a = dense<[1.0, 2]> : tensor<2xf32>} : () -> ()

// -----

// CHECK: integer_literal_ranges.mlir:[[@LINE+2]]:22: error: unexpected decimal integer literal for a floating point value
// CHECK: integer_literal_ranges.mlir:[[@LINE+1]]:22: note: add a trailing dot to make the literal a float
"foo.a"() {a = dense<1> : memref<2xf32>} : () -> ()

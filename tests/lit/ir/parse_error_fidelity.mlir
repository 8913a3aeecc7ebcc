// MLIR 22's words and places for malformed text the diagnostics
// differential found sharc reporting otherwise: the NUL byte MLIR streams
// into "expected 1 operand type" (shown here as @), dimension lists read
// by tokens (floats, blanks, scalable sizes), result counts, dense and
// array literals, empty dense literals, FileLineColRange numbers, block
// argument notes at the argument, `i32` as an op name, a tensor encoding
// that cannot start, an array's element type error followed by MLIR's own,
// a dense literal's inconsistent shape reported after the element (as
// TensorLiteralParser::parseList), memref element types, an external
// resource value that is neither a string nor a bool.
// RUN: not sdy_opt --allow-unregistered-dialect -split-input-file %s 2>&1 | tr '\000' '@' | FileCheck %s

// CHECK: parse_error_fidelity.mlir:[[@LINE+2]]:15: error: expected 1 operand type@ but had 2
%a = "foo.a"() : () -> i32
"foo.b"(%a) : (i32, i32) -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:13: error: expected 0 operand types but had 1
"foo.b"() : (i32) -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:26: error: expected non-function type
"foo.a"() : () -> tensor<4.5xf32>

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:29: error: invalid dimension
"foo.a"() : () -> vector<2x[99999999999999999999]xf32>

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:27: error: invalid dimension
"foo.a"() : () -> vector<[4.5]xf32>

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:27: error: expected 'x' in dimension list
"foo.a"() : () -> tensor<*f32>

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:35: error: expected '>' in tensor type
"foo.a"() : () -> tensor<4x 8 xf32 x>

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:4: error: expected named operation to have at least 1 result
%0:99999999999999999999 = "foo.a"() : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:4: error: expected integer number of results
%0: :2 = "foo.a"() : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:1: error: cannot name an operation with no results
%0:0x10 = "foo.a"() : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:27: error: expected integer or floating point literal
"foo.a"() {a = dense<[1, -true]> : tensor<2xi32>} : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:27: error: expected floating point literal
"foo.a"() {a = array<f32: x>} : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:22: error: expected integer or float type, got: 'complex<f32>'
"foo.a"() {a = array<complex<f32>: 1>} : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:16: error: parsed zero elements, but type ('tensor<2xf32>') expected at least 1
"foo.a"() {a = dense<> : tensor<2xf32>} : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:16: error: elements literal must be a shaped type
"foo.a"() {a = dense<> : !foo.t} : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:16: error: elements literal type must have static shape
"foo.a"() {a = dense<> : tensor<?xf32>} : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:36: error: expected integer line number in FileLineColRange
"foo.a"() : () -> () loc("a":1:2 to 4294967296:3)

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:30: error: expected integer line number in FileLineColRange
"foo.a"() : () -> () loc("d": :1:1)

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:30: error: expected integer line number in FileLineColRange
"foo.a"() : () -> () loc("a":99999999999999999999999:9)

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:39: error: expected integer column number in FileLineColRange
"foo.a"() : () -> () loc("a":1:2 to : 4294967296)

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:51: error: expected ')' in callsite location
"foo.a"() : () -> () loc(callsite("g":2:2 at "h":3 3:3))

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+4]]:13: error: use of value '%x' expects different type than prior uses: 'i16' vs 'i32'
// CHECK: parse_error_fidelity.mlir:[[@LINE+2]]:6: note: prior use here
"foo.r"() ({
^bb0(%x: i32 loc("argloc")):
  "foo.use"(%x) : (i16) -> ()
}) : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:21: error: expected operation name in quotes
"foo.a"() : () -> ()
i32 = "foo.b"() : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:33: error: expected '>' in tensor type
"foo.a"() {a = 1 : tensor<4xf32, sym>} : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+2]]:22: error: expected non-function type
// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:23: error: expected an integer or floating point type
"foo.a"() {a = array< <f64: 1.0>} : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:48: error: tensor literal is invalid; ranks are not consistent between elements
"foo.a"() {a = dense<[[(0.5, -0.5)], (1.5, 2.5)]]> : tensor<2x1xcomplex<f16>>} : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:33: error: tensor literal is invalid; ranks are not consistent between elements
"foo.a"() {a = sparse<[[0, 0], 3[, 3]], [1.0, 2.0]> : tensor<4x4xf32>} : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:38: error: tensor literal is invalid; ranks are not consistent between elements
"foo.a"() {a = dense<[[[1, 2]], [[3]]]> : tensor<2x1x2xi32>} : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:28: error: invalid memref element type
"foo.a"() : () -> memref<2x!foo.s>

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+1]]:31: error: integer constant out of range
"foo.a"() {a = array<ui8: -129>} : () -> ()

// -----

// CHECK: parse_error_fidelity.mlir:[[@LINE+5]]:10: error: expected string value for key 'k'
"foo.a"() : () -> ()
{-#
  external_resources: {
    ext: {
      k: 1
    }
  }
#-}

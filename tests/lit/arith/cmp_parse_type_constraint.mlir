// arith.cmpi and arith.cmpf infer their result type from the parsed operand
// type (TypesMatchWith's getI1SameShape), so MLIR's generated parser checks
// that type against the lhs operand's constraint before it resolves the
// operands: the error is the custom parser's, at the op name, before any
// "expects different type than prior uses" error and before a trailing
// location is read (mlir-opt-22 prints exactly these lines).
// RUN: not sdy_opt -split-input-file %s 2>&1 | FileCheck %s

// CHECK: cmp_parse_type_constraint.mlir:[[@LINE+2]]:8: error: custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'
func.func @cmpi_float(%x: f32, %y: f32) -> i1 {
  %0 = arith.cmpi eq, %x, %y : f32
  return %0 : i1
}

// -----

// CHECK: cmp_parse_type_constraint.mlir:[[@LINE+3]]:8: error: custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'
// CHECK-NOT: expects different type
func.func @cmpi_float_type_int_values(%a: i32, %b: i32) -> i1 {
  %0 = arith.cmpi eq, %a, %b : f32
  return %0 : i1
}

// -----

// CHECK: cmp_parse_type_constraint.mlir:[[@LINE+2]]:8: error: custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'memref<4xi32>'
func.func @cmpi_memref(%m: memref<4xi32>) -> i1 {
  %0 = arith.cmpi eq, %m, %m : memref<4xi32>
  return %0 : i1
}

// -----

// CHECK: cmp_parse_type_constraint.mlir:[[@LINE+3]]:8: error: custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i32'
// CHECK-NOT: see current operation
func.func @cmpf_int(%a: i32, %b: i32) -> i1 {
  %0 = arith.cmpf oeq, %a, %b fastmath<nnan> : i32 loc("foo")
  return %0 : i1
}

// -----

// CHECK: cmp_parse_type_constraint.mlir:[[@LINE+2]]:8: error: custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'tensor<4xi32>'
func.func @cmpf_int_tensor(%t: tensor<4xi32>) -> tensor<4xi1> {
  %0 = arith.cmpf oeq, %t, %t : tensor<4xi32>
  return %0 : tensor<4xi1>
}

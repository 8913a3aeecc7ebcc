// MLIR's -canonicalize folds arith computation ops (`addi x, 0`, constant
// operands, cast chains); sharc implements none of these folds yet, so a
// pass that runs the folder fails on such an op instead of silently leaving
// it, and prints no module. An index_cast of a value no fold or pattern can
// look through (a block argument) stays, as in MLIR.
// RUN: not sdy_opt -canonicalize %s 2>&1 | FileCheck %s --check-prefix=ADD
// RUN: not stablehlo-opt -stablehlo-aggressive-simplification %s 2>&1 | FileCheck %s --check-prefix=SIMP
// RUN: not sdy_opt -canonicalize -split-input-file %s --mlir-print-op-generic 2>/dev/null | FileCheck %s --check-prefix=SPLIT
// RUN: not sdy_opt -canonicalize -split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR

// ADD: error: 'arith.addi' op canonicalization of this op is not implemented in sharc
// ADD-NOT: module
// SIMP: error: 'arith.addi' op folding of this op is not implemented in sharc
// SIMP-NOT: module
func.func @add_zero(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  return %0 : i32
}

// -----

// SPLIT: "arith.index_cast"(%arg0) : (index) -> i64
// SPLIT-NOT: "arith.index_cast"
func.func @index_cast_of_argument(%a: index) -> i64 {
  %0 = arith.index_cast %a : index to i64
  return %0 : i64
}

// -----

// ERR: error: 'arith.index_cast' op canonicalization of this op is not implemented in sharc
func.func @index_cast_of_constant() -> i32 {
  %c = arith.constant 3 : index
  %0 = arith.index_cast %c : index to i32
  return %0 : i32
}

// MLIR's -canonicalize folds arith computation ops (`addi x, 0`, constant
// operands, cast chains); sharc implements none of these folds yet, so a
// pass that runs the folder fails on such an op instead of silently leaving
// it, and prints no module. An op no fold or pattern can match (distinct
// operands none of which a constant or an arith op defines) stays, as in
// MLIR.
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
// SPLIT: "arith.addi"(%arg1, %arg2)
// SPLIT: "arith.cmpf"(%arg3, %arg4)
// SPLIT: "arith.select"(%arg5, %arg3, %arg4)
// SPLIT-NOT: "arith.
func.func @untouched(%a: index, %b: i32, %c: i32, %x: f32, %y: f32, %p: i1) -> (i64, i32, i1, f32) {
  %0 = arith.index_cast %a : index to i64
  %1 = arith.addi %b, %c : i32
  %2 = arith.cmpf olt, %x, %y : f32
  %3 = arith.select %p, %x, %y : f32
  return %0, %1, %2, %3 : i64, i32, i1, f32
}

// -----

// ERR: error: 'arith.subi' op canonicalization of this op is not implemented in sharc
func.func @sub_self(%a: i32) -> i32 {
  %0 = arith.subi %a, %a : i32
  return %0 : i32
}

// -----

// ERR: error: 'arith.addui_extended' op canonicalization of this op is not implemented in sharc
func.func @extended(%a: i32, %b: i32) -> (i32, i1) {
  %0:2 = arith.addui_extended %a, %b : i32, i1
  return %0#0, %0#1 : i32, i1
}

// -----

// ERR: error: 'arith.negf' op canonicalization of this op is not implemented in sharc
func.func @neg_neg(%a: f32) -> f32 {
  %0 = arith.negf %a : f32
  %1 = arith.negf %0 : f32
  return %1 : f32
}

// -----

// ERR: error: 'arith.index_cast' op canonicalization of this op is not implemented in sharc
func.func @index_cast_of_constant() -> i32 {
  %c = arith.constant 3 : index
  %0 = arith.index_cast %c : index to i32
  return %0 : i32
}

// -----

// The folds sharc implements: `op x, x` -> x for andi, ori and the max/min
// ops, `select c, a, a` -> a, as mlir-opt-22 folds them.
// SPLIT: sym_name = "same_operands"
// SPLIT-NOT: "arith.
// SPLIT: "func.return"(%arg0, %arg0, %arg1, %arg1, %arg2)
func.func @same_operands(%a: i32, %x: f32, %v: tensor<4xi8>, %p: i1) -> (i32, i32, f32, f32, tensor<4xi8>) {
  %0 = arith.andi %a, %a : i32
  %1 = arith.ori %0, %0 : i32
  %2 = arith.maximumf %x, %x : f32
  %3 = arith.minnumf %x, %x fastmath<nnan> : f32
  %4 = arith.select %p, %v, %v : tensor<4xi8>
  %5 = arith.maxsi %4, %4 : tensor<4xi8>
  return %0, %1, %2, %3, %5 : i32, i32, f32, f32, tensor<4xi8>
}

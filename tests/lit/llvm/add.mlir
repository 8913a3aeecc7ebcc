// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// llvm.add: the custom form with its overflow flags, the generic form with
// the flags as the i32 property, and LLVM_AddOp's verifier.

// CHECK-LABEL: func @add
// CHECK: llvm.add %arg0, %arg0 overflow<nsw, nuw> : i32
// CHECK: llvm.add %{{.*}}, %arg0 : i32
// CHECK: llvm.add %{{.*}}, %{{.*}} overflow<nuw> : vector<4xi8>
func.func @add(%a: i32, %v: vector<4xi8>) -> i32 {
  %0 = llvm.add %a, %a overflow<nsw, nuw> : i32
  %1 = "llvm.add"(%0, %a) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
  %2 = llvm.add %v, %v overflow<nuw> : vector<4xi8>
  return %1 : i32
}

// -----

func.func @float(%a: f32) -> f32 {
  // expected-error @+1 {{'llvm.add' op operand #0 must be signless integer or LLVM dialect-compatible vector of signless integer, but got 'f32'}}
  %0 = llvm.add %a, %a : f32
  return %0 : f32
}

// -----

func.func @mixed(%a: i32) {
  // expected-error @+1 {{'llvm.add' op requires the same type for all operands and results}}
  %0 = "llvm.add"(%a, %a) : (i32, i32) -> i64
  return
}

// -----

func.func @flags(%a: i32) {
  // expected-error @+1 {{expected one of [none, nsw, nuw] for LLVM integer overflow flags, got: foo}}
  %0 = llvm.add %a, %a overflow<foo> : i32
  return
}

// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// MLIR sets a generic op's properties from its `<{...}>` once the op and
// its trailing location are read: a bad location is reported first, before
// a value that does not convert (an op with a property hook: arith, func),
// an op without properties or a non-dictionary `<...>`. Without a
// `<{...}>`, verifyInherentAttrs's error comes before the location is read.
// (This file passes mlir-opt-22 -verify-diagnostics.)

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{expected location instance}}
  %0 = "arith.addi"(%a, %a) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32 loc(1)
  return %0 : i32
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{expected location instance}}
  %0 = "func.call"(%a) <{callee = 1 : i32}> : (i32) -> i32 loc(1)
  return %0 : i32
}

// -----

func.func @f(%c: i1, %a: i32) -> i32 {
  // expected-error @+1 {{expected location instance}}
  %0 = "arith.select"(%c, %a, %a) <{a = 1}> : (i1, i32, i32) -> i32 loc(1)
  return %0 : i32
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{expected location instance}}
  %0 = "arith.addi"(%a, %a) <1> : (i32, i32) -> i32 loc(1)
  return %0 : i32
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
  %0 = "arith.addi"(%a, %a) {overflowFlags = 1 : i32} : (i32, i32) -> i32 loc(1)
  return %0 : i32
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{invalid properties {overflowFlags = 1 : i32} for op arith.addi: Invalid attribute `overflowFlags` in property conversion: 1 : i32}}
  %0:2 = "arith.addi"(%a, %a) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
  return %0#0 : i32
}

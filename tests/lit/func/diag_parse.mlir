// RUN: sdy_opt %s -split-input-file -verify-diagnostics
// Parser messages as MLIR words them at each place; every case here passes
// `mlir-opt --verify-diagnostics` unchanged.

func.func @f() {
  // expected-error @+1 {{expected '(' to start operand list}}
  "func.return" : () -> ()
}

// -----

func.func @f() {
  // expected-error @+1 {{expected '{' to begin a region}}
  "func.return"() ({}, : () -> ()
}

// -----

func.func @f() {
  // expected-error @+1 {{expected ')' to end region list}}
  "func.return"() ({} : () -> ()
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{expected ')' to end operand list}}
  "func.return"(%a : (i32) -> ()
}

// -----

// expected-error @+1 {{expected ',' or ']'}}
func.func @f() attributes {x.y = [1, 2} {
  return
}

// -----

// expected-error @+1 {{expected '>' to close an array attribute}}
func.func @f() attributes {x.y = array<i32: 1, 2} {
  return
}

// -----

// expected-error @+1 {{expected '}' in attribute dictionary}}
func.func @f() attributes {x.y = {a = 1} {
  return
}

// -----

// expected-error @+1 {{#"foo"<"bar<1, 2>"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func @f() attributes {x.y = #foo.bar<1, 2>} {
  return
}

// -----

// expected-error @+1 {{#"foo"<"abc"> : 'none' attribute created with unregistered dialect}}
func.func @f() attributes {x.y = #foo<abc>} {
  return
}

// -----

// expected-error @+1 {{`!"foo"<"b<x>">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func @f(%a: !foo.b<x>) {
  return
}

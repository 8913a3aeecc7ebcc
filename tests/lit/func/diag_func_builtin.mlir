// RUN: sdy_opt %s -split-input-file -verify-diagnostics
// Diagnostics of func and builtin ops as MLIR words and places them; every
// case here passes `mlir-opt --verify-diagnostics` unchanged.

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_declaration(tensor<8xf32>) -> tensor<8xf32>

// -----

func.func private @callee(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>)
func.func @call_operand_count(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  call @callee(%arg0) : (tensor<8xf32>) -> ()
  return
}

// -----

func.func private @callee(i32, f32)
func.func @call_operand_type(%a: i32) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'f32', but provided 'i32' for operand number 1}}
  call @callee(%a, %a) : (i32, i32) -> ()
  return
}

// -----

func.func private @callee(%arg0: tensor<8xf32>)
func.func @call_result_count(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{'func.call' op incorrect number of results for callee}}
  %0 = call @callee(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func private @callee(i32) -> (i32, i32)
func.func @call_result_type(%a: i32) {
  // expected-error @+3 {{'func.call' op result type mismatch at index 1}}
  // expected-note @+2 {{      op result types: 'i32', 'i64'}}
  // expected-note @+1 {{function result types: 'i32', 'i32'}}
  %0:2 = call @callee(%a) : (i32) -> (i32, i64)
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'func.call' op attribute 'callee' failed to satisfy constraint: flat symbol reference attribute}}
  "func.call"() {callee = @f::@g} : () -> ()
  return
}

// -----

func.func @call_nested_table() {
  return
}
module @m {
  func.func @x() {
    // expected-error @+1 {{'func.call' op 'call_nested_table' does not reference a valid function}}
    "func.call"() {callee = @call_nested_table} : () -> ()
    return
  }
}

// -----

func.func @f() {
  // expected-error @+1 {{'func.call' op attribute 'callee' failed to satisfy constraint: flat symbol reference attribute}}
  "func.call"() {callee = "x"} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'func.call' op requires attribute 'callee'}}
  "func.call"() {} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'func.call' op attribute 'arg_attrs' failed to satisfy constraint: Array of dictionary attributes}}
  "func.call"() {callee = @f, arg_attrs = 3} : () -> ()
  return
}

// -----

// expected-error @+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() ({}) {function_type = () -> ()} : () -> ()

// -----

// expected-error @+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() ({}) {function_type = 3} : () -> ()

// -----

// Constraints go by sorted attribute name, before the required ones.
// expected-error @+1 {{'func.func' op attribute 'no_inline' failed to satisfy constraint: unit attribute}}
"func.func"() ({}) {sym_name = 3, function_type = () -> (), no_inline = 3} : () -> ()

// -----

// expected-error @+1 {{'func.func' op attribute 'res_attrs' failed to satisfy constraint: Array of dictionary attributes}}
"func.func"() ({}) {sym_name = "f", function_type = () -> (), sym_visibility = 3, res_attrs = 3} : () -> ()

// -----

// expected-error @+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "foo"}}
"func.func"() ({}) {sym_name = "f", function_type = () -> (), sym_visibility = "foo"} : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
"func.func"() ({}) {sym_name = "f", function_type = (i32) -> (), sym_visibility = "private", arg_attrs = [{}, {}]} : () -> ()

// -----

// expected-error @+1 {{'func.func' op expects result attribute array to have the same number of elements as the number of function results, got 2, but expected 1}}
"func.func"() ({}) {sym_name = "f", function_type = () -> (i32), sym_visibility = "private", res_attrs = [{}, {}]} : () -> ()

// -----

func.func @outer() {
  // expected-error @+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func @inner() {
    return
  }
  return
}

// -----

// Every function is verified, each reporting its first error.
func.func @a(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@a) returns 1}}
  return
}
func.func @b(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@b) returns 1}}
  return
}

// -----

// Symbol names are checked once the functions verified.
func.func @dup() {
  return
}
func.func @other(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@other) returns 1}}
  return
}
func.func @dup() {
  return
}

// -----

// expected-note @+1 {{see existing symbol definition here}}
func.func @dup() {
  return
}
// expected-error @+1 {{redefinition of symbol named 'dup'}}
func.func @dup() {
  return
}

// -----

// Symbol uses are checked after the symbol names.
// expected-note @+1 {{see existing symbol definition here}}
func.func @dup() {
  // not reported: the duplicate below fails first
  "func.call"() {callee = @missing} : () -> ()
  return
}
// expected-error @+1 {{redefinition of symbol named 'dup'}}
func.func @dup() {
  return
}

// -----

// expected-note @+1 {{previously referenced here}}
func.func @f(%a: i32,
  // expected-error @+1 {{region entry argument '%a' is already in use}}
  %a: i32) {
  return
}

// -----

// expected-error @+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'}}
module attributes {foo} {
}

// -----

// Symbol uses are walked as MLIR's walkSymbolTable does: the body of the
// last function first, and only the first failure is reported.
func.func @a() {
  "func.call"() {callee = @x} : () -> ()
  return
}
func.func @b() {
  // expected-error @+1 {{'func.call' op 'y' does not reference a valid function}}
  "func.call"() {callee = @y} : () -> ()
  "func.call"() {callee = @z} : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.function, but found 'i32'}}
  call @f() : i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{number of operands and types do not match: got 0 operands and 1 types}}
  call @f() : (i32) -> ()
  return
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{number of operands and types do not match: got 1 operands and 2 types}}
  return %a : i32, i32
}

// -----

module {
  // expected-error @+1 {{'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
  func.func @f() attributes {sym_name = "g"} {
    return
  }
}

// -----

func.func private @g(i32) -> i32
func.func @self_use() {
  // expected-error @+2 {{operand #0 does not dominate this use}}
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %0 = "func.call"(%0) {callee = @g} : (i32) -> i32
  return
}

// -----

func.func private @g(i32) -> i32
func.func @use_before_def(%a: i32) {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %0 = "func.call"(%1) {callee = @g} : (i32) -> i32
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %1 = "func.call"(%a) {callee = @g} : (i32) -> i32
  return
}

// -----

// expected-error @+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()

// -----

// The Symbol interface is verified before FunctionOpInterface.
// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
"func.func"() ({}) {sym_name = "f", function_type = (i32) -> (), arg_attrs = [{}, {}]} : () -> ()

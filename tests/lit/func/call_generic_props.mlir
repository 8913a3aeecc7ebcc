// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// func.call's inherent attributes as MLIR reads the generic form (this file
// passes mlir-opt-22 -verify-diagnostics): each `<{...}>` value must
// convert into its property (by name: arg_attrs, callee, no_inline,
// res_attrs), a `{...}` entry that would not convert is dropped when a
// `<{...}>` is there, and without one verifyInherentAttrs checks the
// constraints as the op is read, before later ops.

func.func @g() { return }
func.func @f() {
  // expected-error @+1 {{invalid properties {arg_attrs = 1 : i64, callee = 1 : i64} for op func.call: Invalid attribute `arg_attrs` in property conversion: 1 : i64}}
  "func.call"() <{callee = 1, arg_attrs = 1}> : () -> ()
  return
}

// -----

func.func @g() { return }
func.func @f() {
  // expected-error @+1 {{invalid properties {callee = @a::@b} for op func.call: Invalid attribute `callee` in property conversion: @a::@b}}
  "func.call"() <{callee = @a::@b}> : () -> ()
  return
}

// -----

func.func @g() { return }
func.func @f() {
  // expected-error @+1 {{'func.call' op attribute 'no_inline' failed to satisfy constraint: unit attribute}}
  "func.call"() {callee = @g, no_inline = 1} : () -> ()
  "func.call"() <{}> : () -> ()
  return
}

// -----

func.func @g() { return }
func.func @f() {
  // the {...} no_inline does not convert and is dropped: callee is missing
  // expected-error @+1 {{'func.call' op requires attribute 'callee'}}
  "func.call"() <{}> {no_inline = 1} : () -> ()
  return
}

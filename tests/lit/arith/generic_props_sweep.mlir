// RUN: sdy_opt --allow-unregistered-dialect -split-input-file -verify-diagnostics %s
// Found by comparing generated generic programs with mlir-opt-22 (the file
// passes mlir-opt-22 --allow-unregistered-dialect -verify-diagnostics):
// arith.constant's `value` is a TypedAttr, checked as it is read (in
// `<{...}>` by the property conversion, in `{...}` by verifyInherentAttrs);
// a duplicate dictionary key is an error at its name, before its value.

func.func @f() {
  // expected-error @+1 {{'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %0 = "arith.constant"() {value = #arith.fastmath<fast>} : () -> f32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %0 = "arith.constant"() {value} : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{invalid properties {value = @f} for op arith.constant: Invalid attribute `value` in property conversion: @f}}
  %0 = "arith.constant"() <{value = @f}> : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{duplicate key 'b' in dictionary attribute}}
  %0 = "foo.op"() {b, b = sym} : () -> i32
  return
}

// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// func.call's callee is ODS's FlatSymbolRefAttr, parsed as an attribute of
// type none: another kind is a parse error at it, as mlir-opt-22 reports
// (sharc wanted an `@` token, and took a nested reference to the verifier).

func.func private @g(i32) -> i32
func.func @string_callee(%a: i32) -> i32 {
  // expected-error @+1 {{custom op 'func.call' invalid kind of attribute specified}}
  %0 = func.call "g"(%a) : (i32) -> i32
  return %0 : i32
}

// -----

module @m {
  func.func private @g(i32) -> i32
}
func.func @nested_callee(%a: i32) -> i32 {
  // expected-error @+1 {{custom op 'func.call' invalid kind of attribute specified}}
  %0 = func.call @m::@g(%a) : (i32) -> i32
  return %0 : i32
}

// -----

func.func @integer_callee(%a: i32) -> i32 {
  // expected-error @+1 {{integer literal not valid for specified type}}
  %0 = func.call 1(%a) : (i32) -> i32
  return %0 : i32
}

// -----

func.func @array_callee(%a: i32) -> i32 {
  // expected-error @+1 {{custom op 'func.call' invalid kind of attribute specified}}
  %0 = func.call [@g](%a) : (i32) -> i32
  return %0 : i32
}

// RUN: sdy_opt --allow-unregistered-dialect -split-input-file -verify-diagnostics %s
// A registered op without properties takes no `<{...}>` in the generic
// form, not even an empty one, and one with properties wants a
// dictionary: MLIR's setPropertiesFromAttribute, reported at the op's name
// once the op and its trailing location are read (before the count of
// result names). An unregistered op keeps whatever it is given. (This file
// passes mlir-opt-22 --allow-unregistered-dialect -verify-diagnostics.)

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{invalid properties {} for op func.return: this operation does not support properties}}
  "func.return"(%a) <{}> : (i32) -> ()
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{invalid properties {a = 1 : i64} for op func.return: this operation does not support properties}}
  "func.return"(%a) <{a = 1}> : (i32) -> ()
}

// -----

func.func @f(%c: i1, %a: i32) {
  // expected-error @+1 {{invalid properties {a = 1 : i64} for op arith.select: this operation does not support properties}}
  %0 = "arith.select"(%c, %a, %a) <{a = 1}> : (i1, i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{invalid properties 1 : i64 for op arith.addi: expected DictionaryAttr to set properties}}
  %0 = "arith.addi"(%a, %a) <1> : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{invalid properties "x" for op arith.andi: this operation does not support properties}}
  %0 = "arith.andi"(%a, %a) <"x"> : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{invalid properties [] for op func.call: expected DictionaryAttr to set properties}}
  "func.call"(%a) <[]> {callee = @f} : (i32) -> ()
  return
}

// -----

func.func @f(%a: i32) {
  // the properties are checked before the count of result names
  // expected-error @+1 {{invalid properties {} for op builtin.unrealized_conversion_cast: this operation does not support properties}}
  %0, %1 = "builtin.unrealized_conversion_cast"(%a) <{}> : (i32) -> i64
  return
}

// -----

func.func @f(%a: i32) {
  // an unregistered op keeps any properties
  "foo.op"(%a) <{a = 1}> : (i32) -> ()
  "foo.op"(%a) <1> : (i32) -> ()
  // expected-error @+1 {{invalid properties {} for op builtin.unrealized_conversion_cast: this operation does not support properties}}
  %0 = "builtin.unrealized_conversion_cast"(%a) <{}> : (i32) -> i64
  return
}

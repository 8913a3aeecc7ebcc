// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// func.return and func.call in the generic form: MLIR checks their
// properties as it reads them (setPropertiesFromAttr), by sorted name, and
// an op without properties takes no `<{...}>`, not even an empty one. The
// same file passes mlir-opt-22 -verify-diagnostics.

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{invalid properties {} for op func.return: this operation does not support properties}}
  "func.return"(%a) <{}> : (i32) -> ()
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{invalid properties {callee = "wrong"} for op func.call: Invalid attribute `callee` in property conversion: "wrong"}}
  %0 = "func.call"(%a) <{callee = "wrong"}> {callee = @g} : (i32) -> i32
  return %0 : i32
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{invalid properties {arg_attrs = 1 : i64, callee = @g, no_inline = 3 : i64} for op func.call: Invalid attribute `arg_attrs` in property conversion: 1 : i64}}
  %0 = "func.call"(%a) <{callee = @g, no_inline = 3, arg_attrs = 1}> : (i32) -> i32
  return %0 : i32
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) -> i32 {
  // an array of another kind casts to the property; the verifier rejects it
  // expected-error @+1 {{'func.call' op attribute 'res_attrs' failed to satisfy constraint: Array of dictionary attributes}}
  %0 = "func.call"(%a) <{callee = @g, res_attrs = [1]}> : (i32) -> i32
  return %0 : i32
}

// -----

func.func @f(%x: f32, %y: f32) -> i1 {
  // expected-error @+1 {{invalid properties {fastmath = 3 : i64, predicate = "w"} for op arith.cmpf: Invalid attribute `fastmath` in property conversion: 3 : i64}}
  %0 = "arith.cmpf"(%x, %y) <{predicate = "w", fastmath = 3}> : (f32, f32) -> i1
  return %0 : i1
}

// -----

func.func @f(%x: f32) -> f16 {
  // expected-error @+1 {{'arith.truncf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.truncf"(%x) {roundingmode = "w", fastmath = 3} : (f32) -> f16
  return %0 : f16
}


// -----

// expected-error @+1 {{invalid properties {function_type = 3 : i64, sym_name = 3 : i64} for op func.func: Invalid attribute `function_type` in property conversion: 3 : i64}}
"func.func"() <{function_type = 3, sym_name = 3}> ({
  "func.return"() : () -> ()
}) : () -> ()

// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// arith.scaling_extf / arith.scaling_truncf: the verifier's checks in
// MLIR 22's order (operand count, type constraints,
// SameInputOutputTensorDims, CastOpInterface, Elementwise) and the parse
// errors, with mlir-opt-22's messages (the file passes mlir-opt-22
// -verify-diagnostics).

func.func @f(%f: f32, %s: f8E8M0FNU) {
  // expected-error @+1 {{'arith.scaling_extf' op operand types 'f32', 'f8E8M0FNU' and result type 'f16' are cast incompatible}}
  %0 = arith.scaling_extf %f, %s : f32, f8E8M0FNU to f16
  return
}

// -----

func.func @f(%f: f32, %s: f8E8M0FNU) {
  // expected-error @+1 {{'arith.scaling_truncf' op operand types 'f32', 'f8E8M0FNU' and result type 'f32' are cast incompatible}}
  %0 = arith.scaling_truncf %f, %s : f32, f8E8M0FNU to f32
  return
}

// -----

func.func @f(%i: i32, %s: f8E8M0FNU) {
  // expected-error @+1 {{'arith.scaling_extf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.scaling_extf %i, %s : i32, f8E8M0FNU to f64
  return
}

// -----

func.func @f(%f: f32, %i: i32) {
  // expected-error @+1 {{'arith.scaling_extf' op operand #1 must be floating-point-like, but got 'i32'}}
  %0 = arith.scaling_extf %f, %i : f32, i32 to f64
  return
}

// -----

func.func @f(%f: f32, %s: f8E8M0FNU) {
  // expected-error @+1 {{'arith.scaling_truncf' op result #0 must be floating-point-like, but got 'i16'}}
  %0 = arith.scaling_truncf %f, %s : f32, f8E8M0FNU to i16
  return
}

// -----

func.func @f(%t: tensor<4xf16>, %ts: tensor<4xf8E8M0FNU>) {
  // expected-error @+1 {{'arith.scaling_extf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.scaling_extf %t, %ts : tensor<4xf16>, tensor<4xf8E8M0FNU> to tensor<5xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf16>, %u: tensor<5xf8E8M0FNU>) {
  // expected-error @+1 {{'arith.scaling_extf' op all non-scalar operands/results must have the same shape and base type}}
  %0 = arith.scaling_extf %t, %u : tensor<4xf16>, tensor<5xf8E8M0FNU> to tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf16>, %u: tensor<5xf8E8M0FNU>) {
  // expected-error @+1 {{'arith.scaling_extf' op operand types 'tensor<4xf16>', 'tensor<5xf8E8M0FNU>' and result type 'tensor<4xf16>' are cast incompatible}}
  %0 = arith.scaling_extf %t, %u : tensor<4xf16>, tensor<5xf8E8M0FNU> to tensor<4xf16>
  return
}

// -----

func.func @f(%f: f32, %s: f8E8M0FNU) {
  // expected-error @+1 {{'arith.scaling_extf' op operand types 'f32', 'f8E8M0FNU' and result type 'tensor<f64>' are cast incompatible}}
  %0 = arith.scaling_extf %f, %s : f32, f8E8M0FNU to tensor<f64>
  return
}

// -----

func.func @f(%f: f32) {
  // expected-error @+1 {{'arith.scaling_extf' op expected 2 operands, but found 1}}
  %0 = "arith.scaling_extf"(%f) : (f32) -> f64
  return
}

// -----

func.func @f(%f: f32, %s: f8E8M0FNU) {
  // expected-error @+1 {{invalid properties {roundingmode = 9 : i32} for op arith.scaling_truncf: Invalid attribute `roundingmode` in property conversion: 9 : i32}}
  %0 = "arith.scaling_truncf"(%f, %s) <{roundingmode = 9 : i32}> : (f32, f8E8M0FNU) -> f16
  return
}

// -----

func.func @f(%f: f32, %s: f8E8M0FNU) {
  // expected-error @+1 {{invalid properties {fastmath = 1 : i32} for op arith.scaling_extf: Invalid attribute `fastmath` in property conversion: 1 : i32}}
  %0 = "arith.scaling_extf"(%f, %s) <{fastmath = 1 : i32}> : (f32, f8E8M0FNU) -> f64
  return
}

// -----

func.func @f(%f: f32) {
  // expected-error @+1 {{expected ','}}
  %0 = arith.scaling_extf %f : f32 to f64
  return
}

// -----

func.func @f(%f: f32, %s: f8E8M0FNU) {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.scaling_truncf %f, %s bogus : f32, f8E8M0FNU to f16
  return
}

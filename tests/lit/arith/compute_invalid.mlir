// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// The arith computation ops' verifiers and parse-time property checks, with
// mlir-opt-22's messages (the same file passes mlir-opt-22
// -verify-diagnostics).

func.func @f(%a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: f32, %b: f32) -> f32 {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%a, %b) : (f32, f32) -> f32
  return %0 : f32
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (i32) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> (i32, i32)
  return %0 : i32
}

// -----

func.func @f(%a: si32) -> si32 {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'si32'}}
  %0 = "arith.addi"(%a, %a) : (si32, si32) -> si32
  return %0 : si32
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
  %0 = "arith.addi"(%a, %a) {overflowFlags = 3 : i32} : (i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.addf"(%a, %a) : (i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: f32) -> i1 {
  // expected-error @+1 {{'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
  %0 = "arith.cmpf"(%a, %a) {predicate = 17 : i64} : (f32, f32) -> i1
  return %0 : i1
}

// -----

func.func @f(%a: f32) -> i1 {
  // expected-error @+1 {{'arith.cmpf' op requires attribute 'predicate'}}
  %0 = "arith.cmpf"(%a, %a) : (f32, f32) -> i1
  return %0 : i1
}

// -----

func.func @f(%a: f32) -> i32 {
  // expected-error @+1 {{'arith.cmpf' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpf"(%a, %a) {predicate = 1 : i64}: (f32, f32) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: i32) -> i1 {
  // expected-error @+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 1 : i32}: (i32, i32) -> i1
  return %0 : i1
}

// -----

func.func @f(%a: tensor<4xi32>) -> tensor<3xi1> {
  // expected-error @+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 1 : i64}: (tensor<4xi32>, tensor<4xi32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @f(%c: i32, %a: i32) -> i32 {
  // expected-error @+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%c, %a, %a) : (i32, i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @f(%c: tensor<3xi1>, %a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = "arith.select"(%c, %a, %a) : (tensor<3xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @f(%c: i1, %a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: i32) -> i16 {
  // expected-error @+1 {{'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = "arith.extsi"(%a) : (i32) -> i16
  return %0 : i16
}

// -----

func.func @f(%a: i32) -> i64 {
  // expected-error @+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = "arith.trunci"(%a) : (i32) -> i64
  return %0 : i64
}

// -----

func.func @f(%a: f32) -> f64 {
  // expected-error @+1 {{'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %0 = "arith.truncf"(%a) : (f32) -> f64
  return %0 : f64
}

// -----

func.func @f(%a: i32) -> i64 {
  // expected-error @+1 {{'arith.bitcast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = "arith.bitcast"(%a) : (i32) -> i64
  return %0 : i64
}

// -----

func.func @f(%a: i32) -> i64 {
  // expected-error @+1 {{'arith.sitofp' op result #0 must be floating-point-like, but got 'i64'}}
  %0 = "arith.sitofp"(%a) : (i32) -> i64
  return %0 : i64
}

// -----

func.func @f(%a: tensor<4xi32>) -> tensor<5xi64> {
  // expected-error @+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = "arith.extsi"(%a) : (tensor<4xi32>) -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

// -----

func.func @f(%a: tensor<4xi32>) -> i64 {
  // expected-error @+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = "arith.extsi"(%a) : (tensor<4xi32>) -> i64
  return %0 : i64
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-error @+1 {{'arith.negf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.negf"(%a) {fastmath = 1 : i32} : (f32) -> f32
  return %0 : f32
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{invalid properties {overflowFlags = 3 : i32} for op arith.addi: Invalid attribute `overflowFlags` in property conversion: 3 : i32}}
  %0 = "arith.addi"(%a, %a) <{overflowFlags = 3 : i32}> : (i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+2 {{custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
  // expected-error @+1 {{custom op 'arith.addi' failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`}}
  %0 = arith.addi %a, %a overflow<foo> : i32
  return %0 : i32
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-error @+2 {{custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  // expected-error @+1 {{custom op 'arith.addf' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
  %0 = arith.addf %a, %a fastmath<foo> : f32
  return %0 : f32
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-error @+2 {{custom op 'arith.addf' expected valid keyword or string}}
  // expected-error @+1 {{custom op 'arith.addf' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
  %0 = arith.addf %a, %a fastmath<> : f32
  return %0 : f32
}

// -----

func.func @f(%a: f32) -> i1 {
  // expected-error @+1 {{custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %0 = arith.cmpf foo, %a, %a : f32
  return %0 : i1
}

// -----

func.func @f(%a: f32) -> bf16 {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.truncf %a bogus : f32 to bf16
  return %0 : bf16
}

// -----

func.func @f(%a: f32) -> bf16 {
  // expected-error @+1 {{'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode}}
  %0 = "arith.truncf"(%a) {roundingmode = 7 : i32} : (f32) -> bf16
  return %0 : bf16
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{'arith.divsi' op attribute 'isExact' failed to satisfy constraint: unit attribute}}
  %0 = "arith.divsi"(%a, %a) {isExact = 1} : (i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: i1, %b: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{custom op 'arith.select' expected 3 operands}}
  %0 = arith.select %a, %b : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @f(%a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'arith.addui_extended' op expected 2 results}}
  %0:3 = "arith.addui_extended"(%a, %a) : (i32, i32) -> (i32, i1, i1)
  return %a : i32
}

// -----

func.func @f(%a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'arith.addui_extended' op failed to verify that all of {lhs, rhs, sum} have same type}}
  %0:2 = "arith.addui_extended"(%a, %b) : (i32, i64) -> (i32, i1)
  return %a : i32
}

// -----

func.func @f(%a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0:2 = "arith.mulsi_extended"(%a, %a) : (i32, i32) -> (i32, i64)
  return %a : i32
}

// -----

func.func @f(%a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i32'}}
  %0:2 = "arith.addui_extended"(%a, %a) : (i32, i32) -> (i32, i32)
  return %a : i32
}

// -----

func.func @f(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0:2 = arith.addui_extended %a, %a : tensor<2xi32>, tensor<2xi1>
  %1:2 = arith.mulsi_extended %a, %a : tensor<2xi32>
  // expected-error @+1 {{'arith.extf' op operand #0 must be floating-point-like, but got 'tensor<2xi32>'}}
  %2 = arith.extf %a fastmath<none> : tensor<2xi32> to tensor<2xi64>
  return %0#0 : tensor<2xi32>
}

// -----

func.func @f(%a: i32) -> i32 {
  %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<nsw>, foo = 1}> : (i32, i32) -> i32
  // expected-error @+1 {{'arith.negf' op requires a single operand}}
  %1 = "arith.negf"(%a, %a) : (i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @f(%a: tensor<?xf32>) {
  // expected-error @+2 {{'arith.negf' op inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'arith.negf' op failed to infer returned types}}
  %0 = "arith.negf"(%a) : (tensor<?xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error @+1 {{'arith.index_cast' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = "arith.index_cast"(%a) : (f32) -> index
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{invalid properties {predicate = 1 : i64} for op arith.bitcast: this operation does not support properties}}
  %0 = "arith.bitcast"(%a) <{predicate = 1 : i64}> : (i32) -> f32
  return
}

// -----

func.func @f(%a: tensor<3xi32>, %b: tensor<?xi32>) {
  // expected-error @+1 {{'arith.ceildivsi' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.ceildivsi"(%a, %b) : (tensor<3xi32>, tensor<?xi32>) -> tensor<*xi32>
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'arith.index_cast' op requires one result}}
  "arith.index_cast"(%a) : (i32) -> ()
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{invalid properties {} for op arith.extui: this operation does not support properties}}
  %0 = "arith.extui"(%a) <{}> : (i32) -> i64
  return
}

// -----

func.func @f(%a: i32, %c: i1) {
  // expected-error @+1 {{invalid properties {} for op arith.select: this operation does not support properties}}
  %0 = "arith.select"(%c, %a, %a) <{}> : (i1, i32, i32) -> i32
  return
}

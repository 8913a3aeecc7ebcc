// RUN: stablehlo-opt -split-input-file -verify-diagnostics %s
// The verifiers of the arith and tensor ops sharc carries.

func.func @constant_type() {
  // expected-error @below {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i64
  return
}

// -----

func.func @constant_kind() {
  // expected-error @below {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = arith.constant "s"
  return
}

// -----

func.func @cast(%a: tensor<2xf32>) {
  // expected-error @below {{'tensor.cast' op operand type 'tensor<2xf32>' and result type 'tensor<3xf32>' are cast incompatible}}
  %0 = tensor.cast %a : tensor<2xf32> to tensor<3xf32>
  return
}

// -----

func.func @empty() {
  // expected-error @below {{'tensor.empty' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = tensor.empty() : tensor<?xf32>
  return
}

// -----

// The count traits come first, in ODS's order (regions, results,
// operands), as mlir-opt-22 checks them: before the `value` attribute.
func.func @constant_no_result() {
  // expected-error @below {{'arith.constant' op requires one result}}
  "arith.constant"() : () -> ()
  return
}

// -----

func.func @constant_operand_no_result(%x: i32) {
  // expected-error @below {{'arith.constant' op requires one result}}
  "arith.constant"(%x) : (i32) -> ()
  return
}

// -----

func.func @constant_region_and_operand(%x: i32) {
  // expected-error @below {{'arith.constant' op requires zero regions}}
  %0 = "arith.constant"(%x) ({}) : (i32) -> i32
  return
}

// -----

func.func @complex_constant_operand_no_result(%x: i32) {
  // expected-error @below {{'complex.constant' op requires one result}}
  "complex.constant"(%x) : (i32) -> ()
  return
}

// -----

func.func @const_shape_operand_no_result(%x: i32) {
  // expected-error @below {{'shape.const_shape' op requires one result}}
  "shape.const_shape"(%x) : (i32) -> ()
  return
}

// -----

func.func @return_with_region(%x: i32) {
  // expected-error @below {{'func.return' op requires zero regions}}
  %0 = "func.return"(%x) ({}) : (i32) -> i32
}

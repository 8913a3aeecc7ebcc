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

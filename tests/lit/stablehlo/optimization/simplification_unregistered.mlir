// An unregistered op in the stablehlo namespace is a verification error,
// flag or not: the dialect is loaded and allows no unknown operations (MLIR's
// verifier says so on leaving the op), so no pass sees one. It crashed the
// zero-extent pattern before it was rejected (found by fuzz_pass).
// RUN: stablehlo-opt --allow-unregistered-dialect -stablehlo-aggressive-simplification -split-input-file -verify-diagnostics %s
// RUN: stablehlo-opt --allow-unregistered-dialect -stablehlo-target-independent-optimization -split-input-file -verify-diagnostics %s

func.func @unregistered_token() -> !stablehlo.token {
  // expected-error @below {{unregistered operation 'stablehlo.not_an_op' found in dialect ('stablehlo') that does not allow unknown operations}}
  %0 = "stablehlo.not_an_op"() : () -> !stablehlo.token
  func.return %0 : !stablehlo.token
}

// -----

func.func @unregistered_zero_extent(%arg0: tensor<0xf32>) -> tensor<0xf32> {
  // expected-error @below {{unregistered operation 'stablehlo.not_an_op' found in dialect ('stablehlo') that does not allow unknown operations}}
  %0 = "stablehlo.not_an_op"(%arg0) : (tensor<0xf32>) -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// An op's enum attributes must be StableHLO enums: another attribute in
// their place (found by fuzz_pass: an opaque one, read as an enum out of
// bounds by -sdy-populate-op-sharding-rules) is ODS's constraint error, as
// MLIR reports it when it parses the op, so no rule ever reads one.
// RUN: sdy_opt --allow-unregistered-dialect -sdy-populate-op-sharding-rules -split-input-file -verify-diagnostics %s

func.func @opaque_transpose(%arg0: tensor<10x4x4xf32>, %arg1: tensor<10x4x3xf32>) -> tensor<10x4x3xf32> {
  // expected-error @below {{'stablehlo.triangular_solve' op attribute 'transpose_a' failed to satisfy constraint: Transpose options}}
  %0 = "stablehlo.triangular_solve"(%arg0, %arg1) {left_side = true, lower = true, transpose_a = #other<transpose TRANSPOSE>, unit_diagonal = true} : (tensor<10x4x4xf32>, tensor<10x4x3xf32>) -> tensor<10x4x3xf32>
  return %0 : tensor<10x4x3xf32>
}

// -----

func.func @string_transpose(%arg0: tensor<10x4x4xf32>, %arg1: tensor<10x4x3xf32>) -> tensor<10x4x3xf32> {
  // expected-error @below {{'stablehlo.triangular_solve' op attribute 'transpose_a' failed to satisfy constraint: Transpose options}}
  %0 = "stablehlo.triangular_solve"(%arg0, %arg1) {left_side = true, lower = true, transpose_a = "TRANSPOSE", unit_diagonal = true} : (tensor<10x4x4xf32>, tensor<10x4x3xf32>) -> tensor<10x4x3xf32>
  return %0 : tensor<10x4x3xf32>
}

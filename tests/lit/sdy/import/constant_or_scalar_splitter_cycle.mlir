// RUN: sdy_opt %s -sdy-constant-or-scalar-splitter -verify-diagnostics

// A recursive constant function cannot be cloned for each use (Shardy's
// cloneFuncRecursively would recurse forever): a located error instead.
func.func @recursive() -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = call @rec() : () -> tensor<8xf32>
  %1 = stablehlo.negate %0 : tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}
func.func private @rec() -> tensor<8xf32> {
  // expected-error @+1 {{'func.call' op calls @rec recursively; cycles in the call graph are not supported}}
  %0 = call @rec() : () -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

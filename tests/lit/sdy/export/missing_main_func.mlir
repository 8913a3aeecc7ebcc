// RUN: not sdy_opt %s -sdy-remove-sub-axes-in-input-output-shardings 2>&1 | FileCheck %s
// RUN: not sdy_opt %s -sdy-propagate-to-func-results 2>&1 | FileCheck %s

// Both passes need the main function: the only one, or the one named
// "main" (Shardy aborts without it).

// CHECK: error: Failed to lookup function: main
func.func @a(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
func.func @b(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

// RUN: not sdy_opt %s -sdy-basic-propagate 2>&1 | FileCheck %s

// Several functions and none called main: Shardy aborts, sharc reports it.
// CHECK: error: Failed to lookup function: main

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @f(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
func.func @g(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

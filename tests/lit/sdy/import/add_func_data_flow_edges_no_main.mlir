// RUN: not sdy_opt %s -sdy-add-func-data-flow-edges -o %t 2>&1 | FileCheck %s
// RUN: not test -e %t

// Without @main, a module with several functions has no main function:
// Shardy's getMainFuncOrDie dies, sharc reports it at the module.

// CHECK: add_func_data_flow_edges_no_main.mlir:0:0: error: Failed to lookup function: main
func.func @foo(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

func.func @bar(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

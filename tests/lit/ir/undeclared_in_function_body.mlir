// RUN: not sdy_opt -split-input-file %s 2>&1 | FileCheck %s
// An undeclared value used in a function body stays a placeholder until the
// whole input is parsed (MLIR's finalize reports it then): the function,
// verified as soon as it is parsed when nothing is open, must not be
// verified with the placeholder in it (the sdy.propagation_edges check reads
// the operand's producer; it crashed here once).

sdy.mesh @mesh = <["a"=2]>
func.func @main(%arg1: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK: undeclared_in_function_body.mlir:[[@LINE+1]]:22: error: use of undeclared SSA value name
  %0 = stablehlo.add %arg0, %arg1 {sdy.propagation_edges = #sdy.propagation_edges<[{step-1 = [{"a" = operand-0 -> [operand-1, result-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2]>
func.func @first(%arg1: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK: undeclared_in_function_body.mlir:[[@LINE+1]]:22: error: use of undeclared SSA value name
  %0 = stablehlo.add %arg0, %arg1 {sdy.propagation_edges = #sdy.propagation_edges<[{step-1 = [{"a" = operand-0 -> [operand-1, result-0]}]}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @second(%arg1: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK: undeclared_in_function_body.mlir:[[@LINE+1]]:22: error: use of undeclared SSA value name
  %0 = stablehlo.add %arg9, %arg1 : tensor<8xf32>
  return %0 : tensor<8xf32>
}

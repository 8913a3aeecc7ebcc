// -mpmd-lower-to-fragment-calls refuses a module whose main function has
// no topology (a fatal check in Shardy).

// RUN: mpmd_opt %s -split-input-file -verify-diagnostics -mpmd-lower-to-fragment-calls

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

// A main function must have a topology (Shardy checks it fatally).
// expected-error @+1 {{Check failed: IsMpmdFunction(func_op)}}
func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}
func.func @g(%arg0: !t) -> !t attributes {"topology"=#mpmd.topology< <"m1": <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=["f1"]> (%arg0) (%arg1: tensor<4xf32>) {
    mpmd.return %arg1 : tensor<4xf32>
  } : (!t) -> (!t)
  func.return %0 : !t
}

// A named computation in a stablehlo.while of an mpmd function has a parent
// that is no mpmd op: with an op of another kind with regions in the module
// -mpmd-validate-named-ops-in-mpmd-func walks every op and reports it.
// RUN: mpmd_opt %s -mpmd-validate-named-ops-in-mpmd-func -verify-diagnostics -o /dev/null

func.func @main(%arg0: tensor<i32>) -> tensor<i32> attributes {"topology"=#mpmd.topology<<"m1": <["x"=2]>>>} {
  %0 = stablehlo.while(%it = %arg0) : tensor<i32>
  cond {
    %c = stablehlo.compare LT, %it, %it : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    // expected-error @+1 {{Named computations can only be nested in mpmd functions or mpmd ops.}}
    %1 = mpmd.named_computation<"w"> (%it) (%w0: tensor<i32>) {
      mpmd.return %w0 : tensor<i32>
    } : (tensor<i32>) -> tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }
  return %0 : tensor<i32>
}

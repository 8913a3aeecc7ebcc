// Every op with regions here is an mpmd op, a function or the module:
// -mpmd-validate-named-ops-in-mpmd-func then looks at the function's own
// ops alone (sharc_mpmd_regions_only_in_mpmd_ops), since a named op nested
// deeper has an mpmd parent. The errors are those of the walk of every op,
// in its order: the function's own named ops, none of the nested ones.
// RUN: mpmd_opt %s -mpmd-validate-named-ops-in-mpmd-func -verify-diagnostics -o /dev/null

func.func @not_mpmd(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{Named computations can only be nested in mpmd functions or mpmd ops.}}
  %0 = mpmd.named_computation<"a"> (%arg0) (%a0: tensor<4xf32>) {
    %1 = mpmd.named_computation<"b"> (%a0) (%b0: tensor<4xf32>) {
      %t = mpmd.named_tensor %b0 name="inner" : tensor<4xf32>
      mpmd.return %t : tensor<4xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    mpmd.return %1 : tensor<4xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{Named tensors can only be nested in mpmd functions or mpmd ops.}}
  %2 = mpmd.named_tensor %0 name="t" : tensor<4xf32>
  return %2 : tensor<4xf32>
}

func.func @mpmd(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {"topology"=#mpmd.topology<<"m1": <["x"=2]>>>} {
  %0 = mpmd.named_computation<"c"> (%arg0) (%a0: tensor<4xf32>) {
    mpmd.return %a0 : tensor<4xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

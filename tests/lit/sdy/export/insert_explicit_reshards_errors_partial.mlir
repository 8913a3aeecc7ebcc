// RUN: sdy_opt %s -sdy-insert-explicit-reshards -verify-diagnostics


sdy.mesh @mesh = <["x"=2, "y"=2]>

// Without the full version, an unreduced result needs its operands to agree
// on the reduction factors.
func.func @unreduced_result_incompatible_reduction_factor(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'stablehlo.dot' op the result has unreduced axes while the operand has incompatible sharding along reduction factors}}
  %0 = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"x"}>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

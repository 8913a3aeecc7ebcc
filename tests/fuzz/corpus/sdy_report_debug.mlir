sdy.mesh @mesh = <["a"=2, "b"=2, "c"=8]>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c", ?}]>, sdy.sharding_origins = {a = "self", c = "input: 1"}},
                %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c", ?}]>, sdy.sharding_origins = {a = "input: 0", c = "self"}})
    -> (tensor<8x8xf32> {sdy.propagation_edges = #sdy.propagation_edges<[{step-2 = [{"a" = operand-0 -> [result-0]}, {"c" = operand-0 -> [result-0]}]}]>, sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c", ?}]>, sdy.sharding_origins = {a = "input: 0", c = "input: 1"}}) {
  %0 = stablehlo.add %arg0, %arg1 {sdy.propagation_edges = #sdy.propagation_edges<[{step-1 = [{"a" = operand-0 -> [operand-1, result-0]}, {"c" = operand-1 -> [operand-0, result-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"c", ?}]>]>, sdy.sharding_origins = [{a = "input: 0", c = "input: 1"}]} : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"a"}, {"c"}]> {sdy.sharding_origin_name = "constraint_0", sdy.sharding_origins = {a = "self", c = "self"}} : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

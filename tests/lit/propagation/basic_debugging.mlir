// RUN: sdy_opt %s -sdy-basic-propagate=debug-sharding-origins=true | FileCheck %s --check-prefix=ORIGINS
// RUN: sdy_opt %s -sdy-basic-propagate=debug-propagation-edge-sharding=true | FileCheck %s --check-prefix=EDGES

// The debugging information of -sdy-basic-propagate: where each axis comes
// from (a function input or output, a sharding constraint; `self` on the
// user sharding itself), and through which operand or result of which op it
// arrived at which step. Function results are propagated one by one as the
// only result of an identity op, so all their edges land on result 0.

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=8]>

// ORIGINS-LABEL: func @main(
// ORIGINS-SAME:    sdy.sharding_origins = {a = "self", b = "constraint_0", c = "input: 1"}
// ORIGINS-SAME:    sdy.sharding_origins = {a = "input: 0", b = "constraint_0", c = "self"}
// ORIGINS-SAME:    sdy.sharding_origins = {b = "output: 0", c = "input: 1"}
// ORIGINS-SAME:    -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>, sdy.sharding_origins = {a = "input: 0", b = "self"}},
// ORIGINS-SAME:        tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"c", "b", ?}]>, sdy.sharding_origins = {a = "input: 0", b = "constraint_0", c = "constraint_0"}})
// ORIGINS-NEXT:  stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"c", "b", ?}]>]>, sdy.sharding_origins = [{a = "input: 0", b = "constraint_0", c = "input: 1"}]}
// ORIGINS-NEXT:  stablehlo.dot_general {{.*}} sdy.sharding_origins = [{a = "input: 0", b = "output: 0"}]}
// ORIGINS-NEXT:  sdy.sharding_constraint %0 <@mesh, [{"a", ?}, {"c", "b", ?}]> {sdy.sharding_origin_name = "constraint_0", sdy.sharding_origins = {a = "input: 0", b = "self", c = "self"}}
// ORIGINS-NEXT:  stablehlo.negate {{.*}} sdy.sharding_origins = [{a = "input: 0", b = "constraint_0", c = "constraint_0"}]}

// EDGES-LABEL: func @main(
// EDGES-SAME:    -> (tensor<8x16xf32> {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"b" = result-0 -> [operand-0]}]}, {step-6 = [{"a" = operand-0 -> [result-0]}]}, {step-7 = [{"b" = operand-0 -> [result-0]}, {"c" = operand-0 -> [result-0]}]}]>,
// EDGES-SAME:        tensor<8x8xf32> {sdy.sharding
// EDGES-NEXT:  stablehlo.add %arg0, %arg1 {sdy.propagation_edges = #sdy.propagation_edges<[{step-1 = [{"a" = operand-0 -> [operand-1, result-0]}, {"c" = operand-1 -> [operand-0, result-0]}]}, {step-4 = [{"b" = result-0 -> [operand-0, operand-1]}]}]>
// EDGES-NEXT:  stablehlo.dot_general {{.*}} {sdy.propagation_edges = #sdy.propagation_edges<[{step-2 = [{"a" = operand-0 -> [result-0]}, {"b" = result-0 -> [operand-1]}, {"c" = operand-0 -> [operand-1]}]}]>
// EDGES-NEXT:  sdy.sharding_constraint %0 <@mesh, [{"a", ?}, {"c", "b", ?}]> {sdy.propagation_edges = #sdy.propagation_edges<[{step-3 = [{"a" = operand-0 -> [result-0]}, {"b" = result-0 -> [operand-0]}]}]>}
// EDGES-NEXT:  stablehlo.negate %2 {sdy.propagation_edges = #sdy.propagation_edges<[{step-5 = [{"a" = operand-0 -> [result-0]}, {"b" = operand-0 -> [result-0]}, {"c" = operand-0 -> [result-0]}]}]>
func.func @main(
  %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>},
  %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c", ?}]>},
  %arg2: tensor<8x16xf32>
  ) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}, tensor<8x8xf32>) {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>
  %1 = stablehlo.dot_general %0, %arg2, contracting_dims = [1] x [0] :
    (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = sdy.sharding_constraint %0 <@mesh, [{?}, {"c", "b", ?}]> : tensor<8x8xf32>
  %3 = stablehlo.negate %2 : tensor<8x8xf32>
  return %1, %3 : tensor<8x16xf32>, tensor<8x8xf32>
}

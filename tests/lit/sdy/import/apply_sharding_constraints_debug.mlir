// RUN: sdy_opt %s -split-input-file -sdy-add-data-flow-edges -sdy-apply-sharding-constraints=debug-sharding-origins=true | FileCheck %s --check-prefix=ORIGINS
// RUN: sdy_opt %s -split-input-file -sdy-add-data-flow-edges -sdy-apply-sharding-constraints=debug-propagation-edge-sharding=true | FileCheck %s --check-prefix=EDGES
// RUN: sdy_opt %s -split-input-file -sdy-apply-sharding-constraints | FileCheck %s --check-prefix=PLAIN

// The debug options record, for each sharding a constraint gives its input,
// where its axes came from (the constraint's result, at propagation step 0)
// and which user sharding they originate in; user shardings name
// themselves "self".

sdy.mesh @mesh = <["a"=2, "b"=2]>

// ORIGINS-LABEL: func @chain_on_arg(
// ORIGINS-SAME:    %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>, sdy.sharding_origins = {a = "constraint_0"}})
// ORIGINS-SAME:    -> (tensor<8x8xf32> {sdy.sharding_origins = {b = "constraint_1"}})
// ORIGINS-NEXT:  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {}]> {sdy.sharding_origin_name = "constraint_0", sdy.sharding_origins = {a = "self"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8}>}
// ORIGINS-NEXT:  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"b"}]> {sdy.sharding_origin_name = "constraint_1", sdy.sharding_origins = {b = "self"}}
// EDGES-LABEL: func @chain_on_arg(
// EDGES-SAME:    %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32>
// EDGES-NEXT:  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {}]> {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = result-0 -> [operand-0]}]}]>, sdy.sharding_rule
// EDGES-NEXT:  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// PLAIN-LABEL: func @chain_on_arg(
// PLAIN-SAME:    %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32>
// PLAIN-NEXT:  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {}]> {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8}>}
// PLAIN-NEXT:  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
func.func @chain_on_arg(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// Two steps: each applied constraint is one more step.
// EDGES-LABEL: func @two_constraints
// EDGES:       sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {}]> {sdy.propagation_edges = #sdy.propagation_edges<[{step-1 = [{"a" = result-0 -> [operand-0]}]}]>
// EDGES:       sdy.sharding_constraint %arg1 <@mesh, [{"a", "b"}, {}]> {sdy.propagation_edges = #sdy.propagation_edges<[{step-2 = [{"a" = result-0 -> [operand-0]}, {"b" = result-0 -> [operand-0]}]}]>
func.func @two_constraints(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %arg1 <@mesh, [{"a", "b"}, {}]> : tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// A manual computation's shardings originate in it; the input's own axes
// are recorded before the function's inputs are.
// ORIGINS-LABEL: func @manual(
// ORIGINS-SAME:    %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>, sdy.sharding_origins = {b = "mc_0_input: 0"}})
// ORIGINS-SAME:    -> (tensor<8x8xf32> {sdy.sharding_origins = {a = "mc_0_output: 0"}})
// ORIGINS:         sdy.data_flow_edge %arg1 sharding=<@mesh, [{}, {}]> {sdy.sharding_origins = {a = "self"}}
// ORIGINS:       } {sdy.sharding_origin_name = "mc_0"}
// ORIGINS-NEXT:  sdy.data_flow_edge %0 sharding=<@mesh, [{"a"}, {}]> {sdy.sharding_origins = {a = "self"}}
func.func @manual(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<4x8xf32>) {
    sdy.return %arg1 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// The first step follows the steps the module already records.
// EDGES-LABEL: func @after_recorded_steps
// EDGES:       sdy.sharding_constraint %arg0 <@mesh, [{"b"}, {}]> {sdy.propagation_edges = #sdy.propagation_edges<[{step-8 = [{"b" = result-0 -> [operand-0]}]}]>
func.func @after_recorded_steps(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  %1 = stablehlo.negate %0 {sdy.propagation_edges = #sdy.propagation_edges<[{step-7 = [{"b" = operand-0 -> [result-0]}]}]>} : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

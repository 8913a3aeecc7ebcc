// RUN: sdy_opt %s -sdy-sink-data-flow-edges='sink-debug-sharding-origins=true' | FileCheck %s --check-prefix=ORIGINS
// RUN: sdy_opt %s -sdy-sink-data-flow-edges='sink-debug-propagation-edge-sharding=true' | FileCheck %s --check-prefix=EDGES
// RUN: sdy_opt %s -sdy-sink-data-flow-edges | FileCheck %s --check-prefix=NONE

// The debug info of each side's edges lands on the op as an array (empty
// when none); an edge whose origins are not a dictionary adds nothing.

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @barrier(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8xf32>, tensor<8xf32>
  %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"a"}]> {sdy.sharding_origins = {a = "self"}, sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = operand-0 -> [result-0]}]}]>} : tensor<8xf32>
  %2 = sdy.data_flow_edge %0#1 {sdy.sharding_origins = "not a dict"} : tensor<8xf32>
  return %1, %2 : tensor<8xf32>, tensor<8xf32>
}

func.func @manual(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}]>] out_shardings=[<@mesh, [{"a", ?}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    %2 = sdy.data_flow_edge %arg1 sharding=<@mesh, [{"b", ?}]> {sdy.sharding_origins = {b = "input: 0"}} : tensor<4xf32>
    sdy.return %2 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  %1 = sdy.data_flow_edge %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// ORIGINS-LABEL: func @barrier
// ORIGINS-NEXT:    stablehlo.optimization_barrier {sdy.block_arg_sharding_origins = [], sdy.result_sharding_origins = [{a = "self"}], sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>, <@mesh, [{?}]>]>}
// ORIGINS-LABEL: func @manual
// ORIGINS:         in_shardings=[<@mesh, [{"a", "b", ?}]>] out_shardings=[<@mesh, [{"a", ?}]>]
// ORIGINS:         } {sdy.block_arg_sharding_origins = [{b = "input: 0"}], sdy.result_sharding_origins = []}

// EDGES-LABEL: func @barrier
// EDGES-NEXT:    stablehlo.optimization_barrier {sdy.block_arg_propagation_edges = [], sdy.result_propagation_edges = [#sdy.propagation_edges<[{step-0 = [{"a" = operand-0 -> [result-0]}]}]>], sdy.sharding
// EDGES-LABEL: func @manual
// EDGES:         } {sdy.block_arg_propagation_edges = [], sdy.result_propagation_edges = []}

// NONE-NOT: origins
// NONE-NOT: propagation_edges

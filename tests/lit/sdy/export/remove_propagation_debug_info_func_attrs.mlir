// RUN: sdy_opt %s -sdy-remove-propagation-debug-info | FileCheck %s

sdy.mesh @mesh = <["a"=2]>

// A function's arguments and results lose the debug attributes, the
// function's own attributes stay (Shardy only cleans its arguments and
// results); every other op loses them.
// CHECK-LABEL: func @f(
// CHECK-SAME:    %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>})
// CHECK-SAME:    -> (tensor<8xf32> {other.attr = 1 : i64})
// CHECK-SAME:    attributes {sdy.sharding_origins = {a = "self"}}
func.func @f(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>, sdy.sharding_origins = {a = "self"}})
    -> (tensor<8xf32> {other.attr = 1 : i64, sdy.result_sharding_origins = [], sdy.block_arg_propagation_edges = []})
    attributes {sdy.sharding_origins = {a = "self"}} {
  // CHECK-NEXT: stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} %arg0
  %0 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.block_arg_sharding_origins = [], sdy.result_sharding_origins = [{a = "self"}], sdy.block_arg_propagation_edges = [], sdy.result_propagation_edges = []} %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// RUN: sdy_opt %s -split-input-file -sdy-basic-propagate | FileCheck %s

// Branches of -sdy-basic-propagate the Shardy tests leave out.

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Only the main function's results are pushed to their returned values; a
// function edge of a function nobody calls is left to its users.
// CHECK-LABEL: func @main
// CHECK-SAME:      -> tensor<8xf32> {
// CHECK-LABEL: func private @other(%arg0: tensor<8xf32>)
// CHECK-NEXT:    sdy.func_data_flow_edge %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>}
// CHECK-LABEL: func private @uncalled(%arg0: tensor<8xf32>)
// CHECK-NEXT:    %[[EDGE:.*]] = sdy.func_data_flow_edge %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>}
// CHECK-NEXT:    stablehlo.abs %[[EDGE]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>}
func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
  %0 = call @other(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func private @other(%arg0: tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
  %0 = sdy.func_data_flow_edge %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func private @uncalled(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.func_data_flow_edge %arg0 : tensor<8xf32>
  %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Rules on ops are used as they are; the ones that are not custom go at
// the end, with those propagation created.
// CHECK-LABEL: func @existing_rules
// CHECK-NEXT:    stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} :
// CHECK-NEXT:    stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j, i]) {i=8, j=8}, custom>}
func.func @existing_rules(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.abs %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8}>} : tensor<8x8xf32>
  %1 = stablehlo.negate %0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j, i]) {i=8, j=8}, custom>} : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// A while's block arguments take the sharding of the edge's owner; the
// greedy driver erases ops left without users, as MLIR's does.
// CHECK-LABEL: func @while_block_args
// CHECK:         cond {
// CHECK-NEXT:      stablehlo.compare
// CHECK:         } do {
// CHECK-NEXT:      stablehlo.negate %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>}
// CHECK:         sdy.data_flow_edge %0#1 sharding=<@mesh, [{"a", ?}]>
func.func @while_block_args(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0) : tensor<i32>, tensor<8xf32>
    cond {
    %2 = stablehlo.abs %iterArg_0 : tensor<8xf32>
    %3 = stablehlo.compare LT, %iterArg, %iterArg : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %3 : tensor<i1>
  } do {
    %2 = stablehlo.negate %iterArg_0 : tensor<8xf32>
    stablehlo.return %iterArg, %2 : tensor<i32>, tensor<8xf32>
  }
  %1 = sdy.data_flow_edge %0#1 : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// A recursive function (Shardy expects calls inlined or flattened) neither
// loops nor crashes.
// CHECK-LABEL: func private @rec
// CHECK:         stablehlo.add %0#0, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>}
func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<8xf32>, tensor<8xf32>) {
  %0:2 = call @rec(%arg0) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xf32>
}
func.func private @rec(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0:2 = call @rec(%arg0) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  %1:2 = call @rec(%arg0) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  %2 = stablehlo.negate %1#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : tensor<8xf32>
  %3 = stablehlo.add %0#0, %2 : tensor<8xf32>
  return %3, %1#1 : tensor<8xf32>, tensor<8xf32>
}

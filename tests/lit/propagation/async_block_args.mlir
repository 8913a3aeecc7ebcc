// RUN: sdy_opt %s -split-input-file -sdy-basic-propagate 2>/dev/null | FileCheck %s

// The argument of stablehlo.async_start's wrapped op stands for the async
// op's operand (Shardy's getShardableValue): a sharding read through it comes
// from the operand, and one written to it lands on the operand.

sdy.mesh @mesh = <["a"=2, "b"=2]>

// CHECK-LABEL: func @forward
// CHECK:         stablehlo.slice %arg1 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>}
func.func @forward(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x4xf32> {
  %0 = "stablehlo.async_start"(%arg0) ({
  ^bb0(%arg1: tensor<8x8xf32>):
    %1 = stablehlo.slice %arg1 [0:8, 0:4] : (tensor<8x8xf32>) -> tensor<8x4xf32>
    stablehlo.return %1 : tensor<8x4xf32>
  }) : (tensor<8x8xf32>) -> !stablehlo.future<tensor<8x4xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x4xf32>>) -> tensor<8x4xf32>
  return %2 : tensor<8x4xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// CHECK-LABEL: func @backward(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>})
// CHECK-NEXT:    stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>}
func.func @backward(%arg0: tensor<8x8xf32>) -> tensor<8x4xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = "stablehlo.async_start"(%0) ({
  ^bb0(%arg1: tensor<8x8xf32>):
    %2 = stablehlo.slice %arg1 [0:8, 0:4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>) -> tensor<8x4xf32>
    stablehlo.return %2 : tensor<8x4xf32>
  }) : (tensor<8x8xf32>) -> !stablehlo.future<tensor<8x4xf32>>
  %4 = "stablehlo.async_done"(%1) : (!stablehlo.future<tensor<8x4xf32>>) -> tensor<8x4xf32>
  return %4 : tensor<8x4xf32>
}

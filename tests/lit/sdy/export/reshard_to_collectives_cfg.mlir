// RUN: sdy_opt %s -allow-unregistered-dialect -sdy-reshard-to-collectives | FileCheck %s

// The partial conversion visits the blocks of a region depth-first along
// the control flow from the entry block (MLIR's ForwardDominanceIterator):
// a reshard in an unreachable block is never looked at and stays.

sdy.mesh @mesh2d = <["x"=2, "y"=2]>

// CHECK-LABEL: func @unreachable_block
func.func @unreachable_block(%arg0 : tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh2d, [{"x"}, {}]>}) -> tensor<16x8xf32> {
  // CHECK:      ^bb1:
  // CHECK-NEXT:   sdy.reshard %arg0 <@mesh2d, [{}, {}]>
  // CHECK:      ^bb2:
  // CHECK-NEXT:   %[[A2A:.*]] = sdy.all_to_all [{"x"}: 0->1] %arg0 out_sharding=<@mesh2d, [{}, {"x"}]>
  // CHECK-NEXT:   return %[[A2A]]
  "test.br"()[^bb2] : () -> ()
^bb1:
  %0 = sdy.reshard %arg0 <@mesh2d, [{}, {}]> : tensor<16x8xf32>
  "test.br"()[^bb2] : () -> ()
^bb2:
  %1 = sdy.reshard %arg0 <@mesh2d, [{}, {"x"}]> : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

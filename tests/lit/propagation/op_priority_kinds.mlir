// RUN: sdy_opt %s -sdy-user-priority-propagate 2>&1 | FileCheck %s
// RUN: sdy_opt %s -sdy-op-priority-propagate 2>&1 | FileCheck %s

// The op-priority schedule asks what kind of pass-through op each op is
// once per op kind, but custom calls (an offloading target passes through,
// another does not) and bitcast converts (only shape-preserving ones are
// element-wise) are asked per op: a custom call seen first must not decide
// for the others. The dot's contracting factor is a reduction factor, which
// the third round (pass-through factors only) leaves alone.

sdy.mesh @mesh = <["a"=2, "b"=2]>

// CHECK: warning: custom call @foo is unknown to SDY sharding rule registry
// CHECK-LABEL: func.func @main(
// CHECK:      %0 = stablehlo.custom_call @foo(%arg2) : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>}
// CHECK-NEXT: %2 = stablehlo.add %arg0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>}
// CHECK-NEXT: %3 = stablehlo.custom_call @MoveToHost(%2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>}
// CHECK-NEXT: %4 = stablehlo.bitcast_convert %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>}
// CHECK-NEXT: %5 = stablehlo.bitcast_convert %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>},
                %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>},
                %arg2: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %c = stablehlo.custom_call @foo(%arg2) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.add %arg0, %0 : tensor<8x8xf32>
  %2 = stablehlo.custom_call @MoveToHost(%1) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %3 = stablehlo.bitcast_convert %2 : (tensor<8x8xf32>) -> tensor<8x8xi32>
  %4 = stablehlo.bitcast_convert %3 : (tensor<8x8xi32>) -> tensor<8x8xf32>
  return %4, %c : tensor<8x8xf32>, tensor<8x8xf32>
}

// CHECK-LABEL: func.func @dot(
// CHECK-SAME:    %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}
// CHECK-NEXT:    stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>}
func.func @dot(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>},
               %arg1: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

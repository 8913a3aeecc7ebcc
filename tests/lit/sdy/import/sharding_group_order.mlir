// RUN: sdy_opt %s -split-input-file -sdy-sharding-group-import | FileCheck %s

// Groups merge as LLVM's EquivalenceClasses merges them for Shardy: a union
// keeps the leader of the value's first group, and new ids go to the
// leaders in the order their ids were first seen (value by value), not by
// the smallest id. Repeated ops on a value within a merged group go, the
// first of them stays.

// CHECK-LABEL: func @merge_through_a_later_value
// CHECK-NEXT:  sdy.sharding_group %arg0 group_id=0 : tensor<4xf32>
// CHECK-NEXT:  sdy.sharding_group %arg1 group_id=0 : tensor<4xf32>
// CHECK-NEXT:  sdy.sharding_group %arg2 group_id=1 : tensor<4xf32>
// CHECK-NEXT:  return
func.func @merge_through_a_later_value(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>) {
  sdy.sharding_group %arg0 group_id = 5 : tensor<4xf32>
  sdy.sharding_group %arg1 group_id = 3 : tensor<4xf32>
  sdy.sharding_group %arg1 group_id = 5 : tensor<4xf32>
  sdy.sharding_group %arg2 group_id = 1 : tensor<4xf32>
  sdy.sharding_group %arg0 group_id = 7 : tensor<4xf32>
  func.return
}

// -----

// Groups in nested regions and negative ids.
// CHECK-LABEL: func @nested
// CHECK:       sdy.sharding_group %arg0 group_id=0 : tensor<8xf32>
// CHECK:       sdy.sharding_group %iterArg group_id=1 : tensor<8xf32>
// CHECK:       sdy.sharding_group %[[ADD:.*]] group_id=1 : tensor<8xf32>
// CHECK-NOT:   sdy.sharding_group
func.func @nested(%arg0: tensor<8xf32>, %arg1: tensor<i32>) -> tensor<8xf32> {
  sdy.sharding_group %arg0 group_id = 12 : tensor<8xf32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare  LT, %iterArg_0, %iterArg_0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    sdy.sharding_group %iterArg group_id = -4 : tensor<8xf32>
    %1 = stablehlo.add %iterArg, %iterArg : tensor<8xf32>
    sdy.sharding_group %1 group_id = 9 : tensor<8xf32>
    sdy.sharding_group %1 group_id = -4 : tensor<8xf32>
    stablehlo.return %1, %iterArg_0 : tensor<8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8xf32>
}


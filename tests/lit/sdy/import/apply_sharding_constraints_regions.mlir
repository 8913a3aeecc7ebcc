// RUN: sdy_opt %s -sdy-apply-sharding-constraints | FileCheck %s

// A constraint on a data flow edge target defined outside the constraint's
// region moves right after that value, leaving the region; a new constraint
// stands for a manual computation's in_sharding on such a value (a block
// argument of the function gets it at the start of the block).

sdy.mesh @mesh = <["a"=2, "b"=2]>

// CHECK-LABEL: func @constraint_leaves_region
func.func @constraint_leaves_region(%arg0: tensor<8xf32>, %arg1: tensor<i32>) -> tensor<8xf32> {
  // CHECK-NEXT: %[[EDGE:.*]] = sdy.data_flow_edge %arg0 : tensor<8xf32>
  // CHECK-NEXT: %[[SC:.*]] = sdy.sharding_constraint %[[EDGE]] <@mesh, [{"a"}]> : tensor<8xf32>
  // CHECK-NEXT: %[[CASE:.*]] = "stablehlo.case"(%arg1) ({
  // CHECK-NEXT:   stablehlo.return %[[SC]] : tensor<8xf32>
  // CHECK-NEXT: }, {
  // CHECK-NEXT:   %[[NEG:.*]] = stablehlo.negate %[[SC]] : tensor<8xf32>
  // CHECK-NEXT:   stablehlo.return %[[NEG]] : tensor<8xf32>
  // CHECK-NEXT: })
  %0 = sdy.data_flow_edge %arg0 : tensor<8xf32>
  %1 = "stablehlo.case"(%arg1) ({
    %2 = sdy.sharding_constraint %0 <@mesh, [{"a"}]> : tensor<8xf32>
    stablehlo.return %2 : tensor<8xf32>
  }, {
    %2 = stablehlo.negate %0 : tensor<8xf32>
    stablehlo.return %2 : tensor<8xf32>
  }) : (tensor<i32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// CHECK-LABEL: func @manual_computation_on_block_argument_edge
func.func @manual_computation_on_block_argument_edge(%arg0: tensor<8xf32>, %arg1: tensor<i32>) -> tensor<8xf32> {
  // CHECK:      } do {
  // CHECK-NEXT:   %[[SC:.*]] = sdy.sharding_constraint %iterArg <@mesh, [{"b"}], unreduced={"a"}> : tensor<8xf32>
  // CHECK-NEXT:   %[[MC:.*]] = sdy.manual_computation(%[[SC]])
  // CHECK:        stablehlo.return %[[MC]], %iterArg_0
  // CHECK-NEXT: }
  // CHECK-NEXT: sdy.data_flow_edge %[[WHILE:.*]]#0 sharding=<@mesh, [{?}], unreduced={"a"}> : tensor<8xf32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare  LT, %iterArg_0, %iterArg_0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = sdy.manual_computation(%iterArg) in_shardings=[<@mesh, [{"b"}], unreduced={"a"}>] out_shardings=[<@mesh, [{"b"}]>]
        manual_axes={"b"} (%arg2: tensor<4xf32>) {
      sdy.return %arg2 : tensor<4xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    stablehlo.return %1, %iterArg_0 : tensor<8xf32>, tensor<i32>
  }
  %2 = sdy.data_flow_edge %0#0 : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// An open constraint and a constraint on a sharded value leave everything
// as it is; so does a manual computation whose in_sharding is open.
// CHECK-LABEL: func @nothing_applies
// CHECK-NEXT:  %[[ADD:.*]] = stablehlo.add %arg0, %arg0 : tensor<8xf32>
// CHECK-NEXT:  sdy.sharding_constraint %[[ADD]] <@mesh, [{"a", ?}]> : tensor<8xf32>
// CHECK-NEXT:  sdy.manual_computation(%[[ADD]])
func.func @nothing_applies(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = stablehlo.add %arg0, %arg0 : tensor<8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"a", ?}]> : tensor<8xf32>
  %2 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"a", ?}]>] out_shardings=[<@mesh, [{"a"}]>]
      manual_axes={"a"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %1, %2 : tensor<8xf32>, tensor<8xf32>
}

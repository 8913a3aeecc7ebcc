// RUN: sdy_opt %s -split-input-file -sdy-import-func-calls 2>&1 | FileCheck %s

// The callee's execution thread moves to the named computation, the call's
// own attributes (and its result shardings) stay behind; data flow edges are
// added on the named computations by default, innermost first. The warning
// about cloning a body comes once per process, as Shardy's call_once does,
// even when several modules call a function twice.

// CHECK: warning: function @f has multiple call ops, we need to clone the function body for each call
// CHECK-NOT: warning

sdy.mesh @mesh = <["a"=2]>

// CHECK-LABEL: func @main
// CHECK-NEXT:  %[[NC:.*]] = sdy.named_computation<"f">(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{?}]>] (%arg1: tensor<8xf32>) {
// CHECK-NEXT:    %[[ARG_EDGE:.*]] = sdy.data_flow_edge %arg1 sharding=<@mesh, [{"a"}]> : tensor<8xf32>
// CHECK-NEXT:    %[[INNER:.*]] = sdy.named_computation<"g">(%[[ARG_EDGE]]) (%arg2: tensor<8xf32>) {
// CHECK-NEXT:      %[[INNER_ARG_EDGE:.*]] = sdy.data_flow_edge %arg2 : tensor<8xf32>
// CHECK-NEXT:      sdy.return %[[INNER_ARG_EDGE]] : tensor<8xf32>
// CHECK-NEXT:    } {execution_thread = "host"} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT:    %[[INNER_EDGE:.*]] = sdy.data_flow_edge %[[INNER]] : tensor<8xf32>
// CHECK-NEXT:    sdy.return %[[INNER_EDGE]] : tensor<8xf32>
// CHECK-NEXT:  } {mhlo.frontend_attributes = {x = "y"}} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT:  %[[EDGE:.*]] = sdy.data_flow_edge %[[NC]] sharding=<@mesh, [{?}]> : tensor<8xf32>
// CHECK-NEXT:  %[[NC2:.*]] = sdy.named_computation<"f">(%[[EDGE]])
// CHECK:       return
// CHECK-NOT:   func.func private
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @f(%arg0) {mhlo.frontend_attributes = {x = "y"}, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}]>]>, no_inline} : (tensor<8xf32>) -> tensor<8xf32>
  %1 = call @f(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

func.func private @f(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32> {
  %0 = call @g(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func private @g(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {execution_thread = "host"} {
  return %arg0 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func @second_module
// CHECK-COUNT-2: sdy.named_computation<"f">
func.func @second_module(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @f(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = call @f(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

func.func private @f(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

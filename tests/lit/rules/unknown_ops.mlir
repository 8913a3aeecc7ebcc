// RUN: sdy_opt %s -allow-unregistered-dialect -sdy-populate-op-sharding-rules 2>&1 | FileCheck %s

// Unknown ops and custom calls are reported once each, and get no rule.
// CHECK: warning: op 'foo.bar' is unknown to SDY sharding rule registry
// CHECK-NOT: warning: op 'foo.baz'
// CHECK: warning: custom call @first_target is unknown to SDY sharding rule registry
// CHECK-NOT: warning: custom call @second_target
func.func @unknown(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "foo.bar"(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = "foo.baz"(%0) : (tensor<8xf32>) -> tensor<8xf32>
  %2 = stablehlo.custom_call @first_target(%1) : (tensor<8xf32>) -> tensor<8xf32>
  %3 = stablehlo.custom_call @second_target(%2) : (tensor<8xf32>) -> tensor<8xf32>
  return %3 : tensor<8xf32>
}

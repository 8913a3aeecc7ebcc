// RUN: sdy_opt %s -sdy-resolve-single-device-sharding=replica-count=2 | FileCheck %s
// RUN: not sdy_opt %s '-sdy-resolve-single-device-sharding=replica-count=2 partition-count=2' 2>&1 | FileCheck %s --check-prefix=BOTH

// With replicas the guard reads the replica id; the else branch makes zeros
// of any element type; the all-reduce spans every axis of the global mesh.

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @d1 = <[], device_ids=[1]>

func.func @types(%arg0: tensor<4xi1>, %arg1: tensor<2xcomplex<f32>>) -> (tensor<4xi1>, tensor<2xcomplex<f32>>) {
  %0:2 = stablehlo.custom_call @Op(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@d1, []>, <@d1, []>]>} : (tensor<4xi1>, tensor<2xcomplex<f32>>) -> (tensor<4xi1>, tensor<2xcomplex<f32>>)
  return %0#0, %0#1 : tensor<4xi1>, tensor<2xcomplex<f32>>
}

// CHECK-LABEL: func @types
// CHECK-NEXT:    %[[ID:.*]] = stablehlo.replica_id : tensor<ui32>
// CHECK-NEXT:    %[[ID64:.*]] = stablehlo.convert %[[ID]] : (tensor<ui32>) -> tensor<i64>
// CHECK-NEXT:    %[[C1:.*]] = stablehlo.constant dense<1> : tensor<i64>
// CHECK-NEXT:    %[[PRED:.*]] = stablehlo.compare EQ, %[[ID64]], %[[C1]]
// CHECK-NEXT:    %[[IF:.*]]:2 = "stablehlo.if"(%[[PRED]]) ({
// CHECK-NEXT:      %[[OP:.*]]:2 = stablehlo.custom_call @Op(%arg0, %arg1) : (tensor<4xi1>, tensor<2xcomplex<f32>>)
// CHECK-NEXT:      stablehlo.return %[[OP]]#0, %[[OP]]#1
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %[[F:.*]] = stablehlo.constant dense<false> : tensor<4xi1>
// CHECK-NEXT:      %[[Z:.*]] = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<2xcomplex<f32>>
// CHECK-NEXT:      stablehlo.return %[[F]], %[[Z]]
// CHECK-NEXT:    })
// CHECK-NEXT:    %[[R0:.*]] = sdy.all_reduce {"x", "y"} %[[IF]]#0 out_sharding=<@mesh, [{}]> : tensor<4xi1>
// CHECK-NEXT:    %[[R1:.*]] = sdy.all_reduce {"x", "y"} %[[IF]]#1 out_sharding=<@mesh, [{}]> : tensor<2xcomplex<f32>>
// CHECK-NEXT:    return %[[R0]], %[[R1]]

// BOTH: error: Shardy partitioner does not support replica_count > 1 && partition_count > 1 yet.

// RUN: sdy_opt %s -sdy-update-non-divisible-input-output-shardings | FileCheck %s

// A dimension that must change loses its priority; dynamic dimensions,
// divisible ones and ops that need not stay divisible are left alone; call
// results and manual computation edge owners (local shardings, manual axes
// put back) are updated too.

sdy.mesh @mesh = <["x"=4, "y"=2]>

func.func private @callee(%arg0: tensor<6xf32>) -> tensor<6xf32> {
  return %arg0 : tensor<6xf32>
}

func.func @main(%arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p2]>},
                %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p1]>},
                %arg2: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(2)2}]>},
                %arg3: tensor<?xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
    -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "y"}]>}) {
  %0 = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<6xf32>) -> tensor<6xf32>
  %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"y", "x"}]>] out_shardings=[<@mesh, [{"y", "x"}]>] manual_axes={"y"} (%arg4: tensor<3xf32>) {
    %2 = stablehlo.abs %arg4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<3xf32>
    sdy.return %2 : tensor<3xf32>
  } : (tensor<6xf32>) -> tensor<6xf32>
  return %1 : tensor<6xf32>
}

// CHECK-LABEL: func @main(
// CHECK-SAME:    %arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}]>}
// CHECK-SAME:    %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p1]>}
// CHECK-SAME:    %arg2: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}
// CHECK-SAME:    %arg3: tensor<?xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}
// CHECK-SAME:    -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}]>})
// CHECK-NEXT:    call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2}]>]>}
// CHECK-NEXT:    sdy.manual_computation(%0) in_shardings=[<@mesh, [{"y"}]>] out_shardings=[<@mesh, [{"y"}]>] manual_axes={"y"}
// CHECK-NEXT:      stablehlo.abs %arg4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>}

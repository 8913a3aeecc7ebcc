// RUN: sdy_opt %s -sdy-convert-global-to-local | FileCheck %s
//
// A manual computation whose body returns one of its arguments as it is:
// inlined, that result is the op's operand (the body argument is gone).

// CHECK-LABEL: func.func @main
// CHECK: %[[G:.*]] = "stablehlo.all_gather"(%arg0)
// CHECK-NEXT: %[[S:.*]] = stablehlo.add %[[G]], %[[G]]
// CHECK-NEXT: stablehlo.add %[[G]], %[[S]]
// CHECK-NOT: UNKNOWN

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @main(%arg0: tensor<20x20xui16> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<20x20xui16> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  %0 = sdy.all_gather [{}, {"a"}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<20x20xui16>
  %1:2 = sdy.manual_computation(%0, %0) in_shardings=[<@mesh, [{}, {}]>, <@mesh, [{}, {}]>] out_shardings=[<@mesh, [{}, {}]>, <@mesh, [{}, {}]>] manual_axes={"b"} (%arg1: tensor<20x20xui16>, %arg2: tensor<20x20xui16>) {
    %2 = stablehlo.add %arg1, %arg2 : tensor<20x20xui16>
    sdy.return %arg2, %2 : tensor<20x20xui16>, tensor<20x20xui16>
  } : (tensor<20x20xui16>, tensor<20x20xui16>) -> (tensor<20x20xui16>, tensor<20x20xui16>)
  %3 = stablehlo.add %1#0, %1#1 : tensor<20x20xui16>
  %4 = sdy.all_slice [{}, {"b"}] %3 out_sharding=<@mesh, [{}, {"b"}]> : tensor<20x20xui16>
  return %4 : tensor<20x20xui16>
}

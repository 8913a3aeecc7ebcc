// RUN: sdy_opt %s -sdy-import-backend-func-calls | FileCheck %s

// A call with a backend_config frontend attribute becomes a named
// computation holding the callee's body (the callee is erased) with the
// call's result shardings as out_shardings; other calls stay.

// CHECK: sdy.mesh @mesh = <["x"=2]>
// CHECK-NEXT: func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = sdy.named_computation<"foo">(%arg0) out_shardings=[<@mesh, [{"x"}]>] (%arg1: tensor<8xf32>) {
// CHECK-NEXT: %2 = stablehlo.add %arg1, %arg1 : tensor<8xf32>
// CHECK-NEXT: sdy.return %2 : tensor<8xf32>
// CHECK-NEXT: } {mhlo.frontend_attributes = {backend_config = "{\22flag\22:1}", other = "x"}} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %1 = call @bar(%0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %1 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @bar(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: return %arg0 : tensor<8xf32>
// CHECK-NEXT: }

sdy.mesh @mesh = <["x"=2]>

func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @foo(%arg0) {mhlo.frontend_attributes = {backend_config = "{\"flag\":1}", other = "x"}, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
  %1 = call @bar(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

func.func private @foo(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func private @bar(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

// RUN: sdy_opt %s -split-input-file -xla-sdy-unflatten-call-graph | FileCheck %s
// RUN: sdy_opt %s -split-input-file -xla-sdy-unflatten-call-graph='dedup-functions-fully=true' | FileCheck %s --check-prefix=DEDUP

sdy.mesh @mesh = <["x"=2, "y"=2]>

// Same origin, different result shardings: kept apart unless deduplicated
// fully, where the second call's result is copied to what it had; the
// operand whose sharding differs from the callee's argument is copied too.
// CHECK-LABEL: func @main
// CHECK-NEXT:    %0 = mhlo.copy %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>}
// CHECK-NEXT:    %1 = call @f(%0)
// CHECK-NEXT:    %2 = mhlo.copy %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>}
// CHECK-NEXT:    %3 = call @f_0(%2)
// CHECK-NOT:   sdy.original_func_name

// DEDUP-LABEL: func @main
// DEDUP:         %3 = call @f(%2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>}
// DEDUP-NEXT:    %4 = mhlo.copy %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>}
// DEDUP-NEXT:    return %1, %4
func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = call @f(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
  %1 = call @f_0(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}
func.func private @f(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) attributes {sdy.original_func_name = "f"} {
  return %arg0 : tensor<8xf32>
}
func.func private @f_0(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) attributes {xla.sdy.original_func_name = "f"} {
  return %arg0 : tensor<8xf32>
}

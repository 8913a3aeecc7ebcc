// RUN: sdy_opt %s -sdy-export-named-computations | FileCheck %s

// Taken names are made unique with one counter for the whole pass, as MLIR's
// SymbolTable does: bar_0, then foo_1 and foo_2. The execution thread moves to
// the function, other attributes stay on the call.

sdy.mesh @mesh = <["a"=2]>
func.func private @foo(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
func.func private @bar(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<8xf32>) {
    %2 = sdy.named_computation<"bar">(%arg1) (%arg2: tensor<8xf32>) {
      sdy.return %arg2 : tensor<8xf32>
    } {execution_thread = "host", other = 1 : i32} : (tensor<8xf32>) -> tensor<8xf32>
    sdy.return %2 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  %1 = sdy.named_computation<"foo">(%0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{}]>] (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT:    %0 = call @foo_1(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT:    %1 = call @foo_2(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>}
// CHECK-NEXT:    return %1
// CHECK:       func.func private @bar_0(%arg0: tensor<8xf32>) -> tensor<8xf32>
// CHECK-SAME:    attributes {execution_thread = "host", sdy.original_func_name = "bar"}
// CHECK:       func.func private @foo_1(%arg0: tensor<8xf32>) -> tensor<8xf32>
// CHECK-SAME:    attributes {sdy.original_func_name = "foo"}
// CHECK-NEXT:    %0 = call @bar_0(%arg0) {other = 1 : i32}
// CHECK:       func.func private @foo_2(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<8xf32>

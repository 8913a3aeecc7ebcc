// RUN: sdy_opt %s -xla-sdy-stablehlo-round-trip-export-callback-custom-calls | FileCheck %s

// A host callback whose one result is used returns a one-element tuple,
// unpacked by a get_tuple_element carrying the call's sharding; one whose
// results are unused loses them; other custom calls and tuple results stay.

// CHECK-LABEL: func @used_result
// CHECK-NEXT: %0 = stablehlo.custom_call @xla_ffi_python_gpu_callback(%arg0) {mhlo.sharding = "{replicated}"} : (tensor<2xf32>) -> tuple<tensor<2xf32>>
// CHECK-NEXT: %1 = stablehlo.get_tuple_element %0[0] {mhlo.sharding = "{replicated}"} : (tuple<tensor<2xf32>>) -> tensor<2xf32>
// CHECK-NEXT: return %1
func.func @used_result(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.custom_call @xla_ffi_python_gpu_callback(%arg0) {mhlo.sharding = "{replicated}"} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func @used_result_without_sharding
// CHECK-NEXT: %0 = stablehlo.custom_call @xla_python_cpu_callback(%arg0) : (tensor<2xf32>) -> tuple<tensor<2xf32>>
// CHECK-NEXT: %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<2xf32>>) -> tensor<2xf32>
func.func @used_result_without_sharding(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.custom_call @xla_python_cpu_callback(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func @unused_results
// CHECK-NEXT: stablehlo.custom_call @xla_python_gpu_callback(%arg0) {has_side_effect = true, mhlo.sharding = "{maximal device=0}", operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = []} : (tensor<2xf32>) -> ()
// CHECK-NEXT: return %arg0
func.func @unused_results(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0:2 = stablehlo.custom_call @xla_python_gpu_callback(%arg0) {has_side_effect = true, mhlo.sharding = "{maximal device=0}", operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>]} : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %arg0 : tensor<2xf32>
}

// CHECK-LABEL: func @kept
// CHECK-NEXT: %0:2 = stablehlo.custom_call @xla_python_cpu_callback(%arg0) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
// CHECK-NEXT: %1 = stablehlo.custom_call @foo(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: return %0#0, %1
func.func @kept(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0:2 = stablehlo.custom_call @xla_python_cpu_callback(%arg0) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  %1 = stablehlo.custom_call @foo(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  return %0#0, %1 : tensor<2xf32>, tensor<2xf32>
}

// RUN: sdy_opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: sdy_opt %s -split-input-file -xla-sdy-import-sdy-custom-calls -verify-diagnostics | FileCheck %s --check-prefix=IMPORT

// mhlo.custom_call and mhlo.tuple, the forms older XLA versions print,
// parse in their custom and generic forms and print in the custom one.
// CHECK-LABEL: func @custom_call_and_tuple
// IMPORT-LABEL: func @custom_call_and_tuple
func.func @custom_call_and_tuple(%arg0: tensor<8x8xf32>) -> tuple<tensor<8x8xf32>> {
  // CHECK-NEXT: %0 = mhlo.custom_call @foo(%arg0) {backend_config = "x", has_side_effect = true} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  // CHECK-NEXT: mhlo.custom_call @xla.sdy.ShardingGroup(%0)
  // CHECK-NEXT: %1 = mhlo.tuple %0 : tuple<tensor<8x8xf32>>
  // IMPORT-NEXT: mhlo.custom_call @foo
  // IMPORT-NEXT: sdy.sharding_group %0 group_id=3 : tensor<8x8xf32>
  %0 = mhlo.custom_call @foo(%arg0) {has_side_effect = true, backend_config = "x"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  mhlo.custom_call @xla.sdy.ShardingGroup(%0) {has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding_group_id = "3 : i64"}} : (tensor<8x8xf32>) -> ()
  %1 = "mhlo.tuple"(%0) : (tensor<8x8xf32>) -> tuple<tensor<8x8xf32>>
  return %1 : tuple<tensor<8x8xf32>>
}

// -----

func.func @tuple_type_mismatch(%arg0: tensor<4xf32>) -> tuple<tensor<4xi32>> {
  // expected-error @+2 {{'mhlo.tuple' op inferred type(s) 'tuple<tensor<4xf32>>' are incompatible}}
  // expected-error @+1 {{'mhlo.tuple' op failed to infer returned types}}
  %0 = "mhlo.tuple"(%arg0) : (tensor<4xf32>) -> tuple<tensor<4xi32>>
  return %0 : tuple<tensor<4xi32>>
}

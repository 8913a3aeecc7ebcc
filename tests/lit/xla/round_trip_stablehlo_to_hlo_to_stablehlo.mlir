// RUN: sdy_opt %s -xla-sdy-round-trip-stablehlo-to-hlo-to-stablehlo | FileCheck %s
// What the trip through HLO changes in custom calls: the raw backend config
// string always, the tuple shape (default layouts) of a call without exactly
// one result; typed-FFI calls keep their config as it is.

// CHECK-LABEL: func @custom_calls
func.func @custom_calls(%a: tensor<8x16xf32>, %b: tensor<i32>, %c: tensor<2xcomplex<f32>>, %t: !stablehlo.token) -> tensor<8x16xf32> {
  // CHECK-NEXT: stablehlo.custom_call @one(%arg0) {backend_config = ""} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %0 = stablehlo.custom_call @one(%a) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // CHECK-NEXT: stablehlo.custom_call @two(%arg0) {backend_config = "", xla_shape = "(f32[8,16]{1,0}, s32[], pred[4]{0}, c64[2]{0}, token[])"}
  %1:5 = stablehlo.custom_call @two(%a) : (tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<i32>, tensor<4xi1>, tensor<2xcomplex<f32>>, !stablehlo.token)
  // CHECK-NEXT: stablehlo.custom_call @kept(%arg1) {backend_config = "cfg"} : (tensor<i32>) -> tensor<i32>
  %2 = stablehlo.custom_call @kept(%b) {backend_config = "cfg"} : (tensor<i32>) -> tensor<i32>
  // CHECK-NEXT: stablehlo.custom_call @ffi(%arg1) {api_version = 4 : i32} : (tensor<i32>) -> tensor<i32>
  %3 = stablehlo.custom_call @ffi(%b) {api_version = 4 : i32} : (tensor<i32>) -> tensor<i32>
  // CHECK-NEXT: stablehlo.custom_call @none(%arg1) {backend_config = "", xla_shape = "()"} : (tensor<i32>) -> ()
  stablehlo.custom_call @none(%b) : (tensor<i32>) -> ()
  return %0 : tensor<8x16xf32>
}

// A result without a sharding takes the one of the op computing it (HLO's
// root instruction); a result with one, a returned argument and a
// multi-result op's value do not.
// CHECK-LABEL: func @result_shardings(
// CHECK-SAME: -> (tensor<8xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}, tensor<8xf32> {mhlo.sharding = "{replicated}"}, tensor<8xf32>, tensor<8xf32>)
func.func @result_shardings(%arg0: tensor<8xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}) -> (tensor<8xf32>, tensor<8xf32> {mhlo.sharding = "{replicated}"}, tensor<8xf32>, tensor<8xf32>) {
  %0 = stablehlo.abs %arg0 {mhlo.sharding = "{devices=[2]<=[2]}"} : tensor<8xf32>
  %1:2 = stablehlo.custom_call @pair(%arg0) {mhlo.sharding = "{{replicated}, {replicated}}"} : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  return %0, %0, %arg0, %1#0 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// RUN: sdy_opt %s -xla-sdy-stablehlo-export-manual-reduction-collectives | FileCheck %s

// sharded_to_unreduced and replicated_to_unreduced become fully manual
// computations whose bodies compute each device's mesh coordinates from
// the partition id; a constant with unreduced axes is split into a
// replicated constant and a replicated_to_unreduced; unreduced axes flow
// back through transposes and reshapes unless the input is sharded along
// them.

sdy.mesh @mesh = <["x"=2, "y"=4]>

// CHECK-LABEL: func @sharded_to_unreduced
// CHECK-NEXT: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x", "y"}, {}]>] out_shardings=[<@mesh, [{}, {}], unreduced={"x", "y"}>] manual_axes={"x", "y"} (%arg1: tensor<1x8xf32>) {
// CHECK-NEXT: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %1 = stablehlo.broadcast %cst, sizes = [8, 8] : (tensor<f32>) -> tensor<8x8xf32>
// CHECK-NEXT: %2 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: %3 = stablehlo.convert %2 : (tensor<ui32>) -> tensor<i32>
// CHECK-NEXT: %c = stablehlo.constant dense<4> : tensor<i32>
// CHECK-NEXT: %4 = stablehlo.remainder %3, %c : tensor<i32>
// CHECK-NEXT: %5 = stablehlo.divide %3, %c : tensor<i32>
// CHECK-NEXT: %c_0 = stablehlo.constant dense<2> : tensor<i32>
// CHECK-NEXT: %6 = stablehlo.remainder %5, %c_0 : tensor<i32>
// CHECK-NEXT: %7 = stablehlo.divide %5, %c_0 : tensor<i32>
// CHECK-NEXT: %c_1 = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: %8 = stablehlo.multiply %6, %c_0 : tensor<i32>
// CHECK-NEXT: %9 = stablehlo.add %8, %4 : tensor<i32>
// CHECK-NEXT: %c_2 = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT: %10 = stablehlo.multiply %9, %c_2 : tensor<i32>
// CHECK-NEXT: %11 = stablehlo.dynamic_update_slice %1, %arg1, %10, %c_1 : (tensor<8x8xf32>, tensor<1x8xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
// CHECK-NEXT: sdy.return %11 : tensor<8x8xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
func.func @sharded_to_unreduced(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.sharded_to_unreduced [{"x", "y"}, {}] %arg0 out_sharding=<@mesh, [{}, {}], unreduced={"x", "y"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// CHECK-LABEL: func @sharded_to_unreduced_two_dims
// CHECK-NEXT: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"y"}, {"x"}]>] out_shardings=[<@mesh, [{"y"}, {}], unreduced={"x"}>] manual_axes={"x", "y"} (%arg1: tensor<2x4xf32>) {
// CHECK-NEXT: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %1 = stablehlo.broadcast %cst, sizes = [2, 8] : (tensor<f32>) -> tensor<2x8xf32>
// CHECK-NEXT: %2 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: %3 = stablehlo.convert %2 : (tensor<ui32>) -> tensor<i32>
// CHECK-NEXT: %c = stablehlo.constant dense<4> : tensor<i32>
// CHECK-NEXT: %4 = stablehlo.remainder %3, %c : tensor<i32>
// CHECK-NEXT: %5 = stablehlo.divide %3, %c : tensor<i32>
// CHECK-NEXT: %c_0 = stablehlo.constant dense<2> : tensor<i32>
// CHECK-NEXT: %6 = stablehlo.remainder %5, %c_0 : tensor<i32>
// CHECK-NEXT: %7 = stablehlo.divide %5, %c_0 : tensor<i32>
// CHECK-NEXT: %c_1 = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: %c_2 = stablehlo.constant dense<4> : tensor<i32>
// CHECK-NEXT: %8 = stablehlo.multiply %6, %c_2 : tensor<i32>
// CHECK-NEXT: %9 = stablehlo.dynamic_update_slice %1, %arg1, %c_1, %8 : (tensor<2x8xf32>, tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x8xf32>
// CHECK-NEXT: sdy.return %9 : tensor<2x8xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return %0 : tensor<8x8xf32>
func.func @sharded_to_unreduced_two_dims(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) -> tensor<8x8xf32> {
  %0 = sdy.sharded_to_unreduced [{}, {"x"}] %arg0 out_sharding=<@mesh, [{"y"}, {}], unreduced={"x"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// CHECK-LABEL: func @replicated_to_unreduced
// CHECK-NEXT: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"y"}]>] out_shardings=[<@mesh, [{}, {"y"}], unreduced={"x"}>] manual_axes={"x", "y"} (%arg1: tensor<8x2xi32>) {
// CHECK-NEXT: %1 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: %2 = stablehlo.convert %1 : (tensor<ui32>) -> tensor<i32>
// CHECK-NEXT: %c = stablehlo.constant dense<4> : tensor<i32>
// CHECK-NEXT: %3 = stablehlo.remainder %2, %c : tensor<i32>
// CHECK-NEXT: %4 = stablehlo.divide %2, %c : tensor<i32>
// CHECK-NEXT: %c_0 = stablehlo.constant dense<2> : tensor<i32>
// CHECK-NEXT: %5 = stablehlo.remainder %4, %c_0 : tensor<i32>
// CHECK-NEXT: %6 = stablehlo.divide %4, %c_0 : tensor<i32>
// CHECK-NEXT: %c_1 = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: %7 = stablehlo.compare  EQ, %5, %c_1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: %c_2 = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: %8 = stablehlo.broadcast %c_2, sizes = [8, 2] : (tensor<i32>) -> tensor<8x2xi32>
// CHECK-NEXT: %9 = stablehlo.select %7, %arg1, %8 : tensor<i1>, tensor<8x2xi32>
// CHECK-NEXT: sdy.return %9 : tensor<8x2xi32>
// CHECK-NEXT: } : (tensor<8x8xi32>) -> tensor<8x8xi32>
// CHECK-NEXT: return %0 : tensor<8x8xi32>
func.func @replicated_to_unreduced(%arg0: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> tensor<8x8xi32> {
  %0 = sdy.replicated_to_unreduced {"x"} %arg0 out_sharding=<@mesh, [{}, {"y"}], unreduced={"x"}> : tensor<8x8xi32>
  return %0 : tensor<8x8xi32>
}

// CHECK-LABEL: func @replicated_to_unreduced_two_axes
// CHECK-NEXT: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}], unreduced={"x", "y"}>] manual_axes={"x", "y"} (%arg1: tensor<8xf32>) {
// CHECK-NEXT: %1 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: %2 = stablehlo.convert %1 : (tensor<ui32>) -> tensor<i32>
// CHECK-NEXT: %c = stablehlo.constant dense<4> : tensor<i32>
// CHECK-NEXT: %3 = stablehlo.remainder %2, %c : tensor<i32>
// CHECK-NEXT: %4 = stablehlo.divide %2, %c : tensor<i32>
// CHECK-NEXT: %c_0 = stablehlo.constant dense<2> : tensor<i32>
// CHECK-NEXT: %5 = stablehlo.remainder %4, %c_0 : tensor<i32>
// CHECK-NEXT: %6 = stablehlo.divide %4, %c_0 : tensor<i32>
// CHECK-NEXT: %c_1 = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: %7 = stablehlo.compare  EQ, %5, %c_1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: %8 = stablehlo.compare  EQ, %3, %c_1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: %9 = stablehlo.and %7, %8 : tensor<i1>
// CHECK-NEXT: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %10 = stablehlo.broadcast %cst, sizes = [8] : (tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: %11 = stablehlo.select %9, %arg1, %10 : tensor<i1>, tensor<8xf32>
// CHECK-NEXT: sdy.return %11 : tensor<8xf32>
// CHECK-NEXT: } : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<8xf32>
func.func @replicated_to_unreduced_two_axes(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> tensor<8xf32> {
  %0 = sdy.replicated_to_unreduced {"x", "y"} %arg0 out_sharding=<@mesh, [{}], unreduced={"x", "y"}> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// CHECK-LABEL: func @constant_unreduced
// CHECK-NEXT: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} dense<1.000000e+00> : tensor<8xf32>
// CHECK-NEXT: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}], unreduced={"x"}>] manual_axes={"x", "y"} (%arg0: tensor<8xf32>) {
// CHECK-NEXT: %3 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: %4 = stablehlo.convert %3 : (tensor<ui32>) -> tensor<i32>
// CHECK-NEXT: %c = stablehlo.constant dense<4> : tensor<i32>
// CHECK-NEXT: %5 = stablehlo.remainder %4, %c : tensor<i32>
// CHECK-NEXT: %6 = stablehlo.divide %4, %c : tensor<i32>
// CHECK-NEXT: %c_0 = stablehlo.constant dense<2> : tensor<i32>
// CHECK-NEXT: %7 = stablehlo.remainder %6, %c_0 : tensor<i32>
// CHECK-NEXT: %8 = stablehlo.divide %6, %c_0 : tensor<i32>
// CHECK-NEXT: %c_1 = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: %9 = stablehlo.compare  EQ, %7, %c_1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %10 = stablehlo.broadcast %cst, sizes = [8] : (tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: %11 = stablehlo.select %9, %arg0, %10 : tensor<i1>, tensor<8xf32>
// CHECK-NEXT: sdy.return %11 : tensor<8xf32>
// CHECK-NEXT: } : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %2 = stablehlo.add %1, %1 : tensor<8xf32>
// CHECK-NEXT: return %2 : tensor<8xf32>
func.func @constant_unreduced() -> tensor<8xf32> {
  %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], unreduced={"x"}>]>} dense<1.0> : tensor<8xf32>
  %1 = stablehlo.add %0, %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// CHECK-LABEL: func @sync_through_transpose
// CHECK-NEXT: %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}], unreduced={"x"}>]>} : tensor<8x4xf32>
// CHECK-NEXT: %1 = stablehlo.transpose %0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}], unreduced={"x"}>]>} : (tensor<8x4xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}], unreduced={"x"}>]>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %3 = sdy.manual_computation(%2) in_shardings=[<@mesh, [{"y"}, {}], unreduced={"x"}>] out_shardings=[<@mesh, [{"y"}, {}]>] manual_axes={"x", "y"} (%arg1: tensor<1x8xf32>) {
// CHECK-NEXT: %4 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT: %5 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return %5 : tensor<f32>
// CHECK-NEXT: }) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT: sdy.return %4 : tensor<1x8xf32>
// CHECK-NEXT: } : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %3 : tensor<4x8xf32>
func.func @sync_through_transpose(%arg0: tensor<8x4xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<8x4xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}], unreduced={"x"}>]>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = sdy.all_reduce {"x"} %2 out_sharding=<@mesh, [{"y"}, {}]> : tensor<4x8xf32>
  return %3 : tensor<4x8xf32>
}

// CHECK-LABEL: func @sync_blocked_by_sharded_input
// CHECK-NEXT: %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x4xf32>
// CHECK-NEXT: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"x"}>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: return %1 : tensor<8x4xf32>
func.func @sync_blocked_by_sharded_input(%arg0: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x4xf32>
  %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"x"}>]>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

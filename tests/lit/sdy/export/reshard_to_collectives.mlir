// RUN: sdy_opt %s -sdy-reshard-to-collectives | FileCheck %s

// Branches of the collective decomposition the Shardy cases leave out:
// reshards of reshards (the later one reads the replacement), meshes that
// differ in device order, sub-axes of axes whose size is not a power of
// two, reshards in nested regions and behind propagation barriers.

sdy.mesh @mesh2d = <["x"=2, "y"=2]>
sdy.mesh @mesh2d_non_iota = <["x"=2, "y"=2], device_ids=[3, 2, 1, 0]>
sdy.mesh @mesh1d_6 = <["x"=6]>
sdy.mesh @mesh3d = <["x"=2, "y"=2, "z"=2]>
sdy.mesh @mesh_2x6x4 = <["x"=2, "y"=6, "z"=4]>
sdy.mesh @single = <[], device_ids=[0]>

// The second reshard converts from the first one's sharding, and its
// collectives consume the first one's replacement.
// CHECK-LABEL: func @chain
func.func @chain(%arg0 : tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh2d, [{"y"}, {}]>}) -> tensor<16x8xf32> {
  // CHECK-NEXT: %[[CP:.*]] = sdy.collective_permute %arg0 out_sharding=<@mesh2d, [{"x"}, {}]>
  // CHECK-NEXT: %[[A2A:.*]] = sdy.all_to_all [{"x"}: 0->1] %[[CP]] out_sharding=<@mesh2d, [{}, {"x"}]>
  // CHECK-NEXT: return %[[A2A]]
  %0 = sdy.reshard %arg0 <@mesh2d, [{"x"}, {}]> : tensor<16x8xf32>
  %1 = sdy.reshard %0 <@mesh2d, [{}, {"x"}]> : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// Same axes, other device order: one collective-permute onto the new mesh.
// CHECK-LABEL: func @device_order
func.func @device_order(%arg0 : tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh2d, [{"x"}, {}]>}) -> tensor<16x8xf32> {
  // CHECK-NEXT: %[[CP:.*]] = sdy.collective_permute %arg0 out_sharding=<@mesh2d_non_iota, [{"x"}, {}]>
  // CHECK-NEXT: return %[[CP]]
  %0 = sdy.reshard %arg0 <@mesh2d_non_iota, [{"x"}, {}]> : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// Other device order and other axes: the permute that switches meshes keeps
// the axes the slice left, the gather runs on the new mesh.
// CHECK-LABEL: func @device_order_and_axes
func.func @device_order_and_axes(%arg0 : tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh2d, [{"x"}, {}]>}) -> tensor<16x8xf32> {
  // CHECK-NEXT: %[[SLICE:.*]] = sdy.all_slice [{}, {"y"}] %arg0 out_sharding=<@mesh2d, [{"x"}, {"y"}]>
  // CHECK-NEXT: %[[CP:.*]] = sdy.collective_permute %[[SLICE]] out_sharding=<@mesh2d_non_iota, [{"x"}, {"y"}]>
  // CHECK-NEXT: %[[GATHER:.*]] = sdy.all_gather [{"x"}, {}] %[[CP]] out_sharding=<@mesh2d_non_iota, [{}, {"y"}]>
  // CHECK-NEXT: return %[[GATHER]]
  %0 = sdy.reshard %arg0 <@mesh2d_non_iota, [{}, {"y"}]> : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// An axis of size 6 is split at the target's sub-axis, the rest gathered.
// CHECK-LABEL: func @gather_non_power_of_two_sub_axis
func.func @gather_non_power_of_two_sub_axis(%arg0 : tensor<12x8xf32> {sdy.sharding = #sdy.sharding<@mesh1d_6, [{"x"}, {}]>}) -> tensor<12x8xf32> {
  // CHECK-NEXT: %[[GATHER:.*]] = sdy.all_gather [{"x":(2)3}, {}] %arg0 out_sharding=<@mesh1d_6, [{"x":(1)2}, {}]>
  // CHECK-NEXT: return %[[GATHER]]
  %0 = sdy.reshard %arg0 <@mesh1d_6, [{"x":(1)2}, {}]> : tensor<12x8xf32>
  return %0 : tensor<12x8xf32>
}

// A value without a sharding counts as fully open on the target mesh.
// CHECK-LABEL: func @unsharded_input
func.func @unsharded_input(%arg0 : tensor<16x8xf32>) -> tensor<16x8xf32> {
  // CHECK-NEXT: %[[SLICE:.*]] = sdy.all_slice [{"z"}, {"x", "y"}] %arg0 out_sharding=<@mesh3d, [{"z"}, {"x", "y"}]>
  // CHECK-NEXT: return %[[SLICE]]
  %0 = sdy.reshard %arg0 <@mesh3d, [{"z"}, {"x", "y"}]> : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// Reshards in nested regions are converted too.
// CHECK-LABEL: func @nested
func.func @nested(%arg0 : tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh2d, [{"x"}, {"y"}]>}) -> tensor<16x8xf32> {
  // CHECK: sdy.manual_computation
  // CHECK-NEXT: %[[GATHER:.*]] = sdy.all_gather [{}, {"y"}] %arg1 out_sharding=<@mesh2d, [{}, {}]>
  // CHECK-NEXT: sdy.return %[[GATHER]]
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh2d, [{"x"}, {"y"}]>] out_shardings=[<@mesh2d, [{"x"}, {"y"}]>] manual_axes={"x"} (%arg1: tensor<8x8xf32>) {
    %1 = sdy.reshard %arg1 <@mesh2d, [{}, {}]> : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// A reshard behind a barrier whose input is itself a converted reshard:
// the collectives start from the first reshard's replacement, bypassing
// the barrier, which stays.
// CHECK-LABEL: func @barrier_on_converted_reshard
func.func @barrier_on_converted_reshard(%arg0 : tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh2d, [{"x"}, {}]>}) -> tensor<16x8xf32> {
  // CHECK-NEXT: %[[CP:.*]] = sdy.collective_permute %arg0 out_sharding=<@mesh2d, [{"y"}, {}]>
  // CHECK-NEXT: %[[BARRIER:.*]] = sdy.propagation_barrier %[[CP]] allowed_direction=BACKWARD
  // CHECK-NEXT: %[[A2A:.*]] = sdy.all_to_all [{"y"}: 0->1] %[[CP]] out_sharding=<@mesh2d, [{}, {"y"}]>
  // CHECK-NEXT: return %[[A2A]]
  %0 = sdy.reshard %arg0 <@mesh2d, [{"y"}, {}]> : tensor<16x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD : tensor<16x8xf32>
  %2 = sdy.reshard %1 <@mesh2d, [{}, {"y"}]> : tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}

// A reshard from a single-device sharding stays.
// CHECK-LABEL: func @single_device_in
func.func @single_device_in(%arg0 : tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@single, []>}) -> tensor<16x8xf32> {
  // CHECK-NEXT: %[[RESHARD:.*]] = sdy.reshard %arg0 <@mesh2d, [{"x"}, {}]>
  // CHECK-NEXT: return %[[RESHARD]]
  %0 = sdy.reshard %arg0 <@mesh2d, [{"x"}, {}]> : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// Axes swapping dimensions, or their order within one: permutes; moving
// both axes into one dimension permutes first so that the all-to-all
// lands them in order.
// CHECK-LABEL: func @swap_dims
func.func @swap_dims(%arg0 : tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh2d, [{"x"}, {"y"}]>}) -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  // CHECK-NEXT: %[[CP0:.*]] = sdy.collective_permute %arg0 out_sharding=<@mesh2d, [{"y"}, {"x"}]>
  // CHECK-NEXT: %[[CP1:.*]] = sdy.collective_permute %[[CP0]] out_sharding=<@mesh2d, [{"x"}, {"y"}]>
  // CHECK-NEXT: %[[A2A:.*]] = sdy.all_to_all [{"y"}: 1->0] %[[CP1]] out_sharding=<@mesh2d, [{"x", "y"}, {}]>
  // CHECK-NEXT: %[[CP2:.*]] = sdy.collective_permute %[[A2A]] out_sharding=<@mesh2d, [{"y", "x"}, {}]>
  // CHECK-NEXT: return %[[CP0]], %[[CP2]]
  %0 = sdy.reshard %arg0 <@mesh2d, [{"y"}, {"x"}]> : tensor<16x8xf32>
  %1 = sdy.reshard %0 <@mesh2d, [{"x", "y"}, {}]> : tensor<16x8xf32>
  %2 = sdy.reshard %1 <@mesh2d, [{"y", "x"}, {}]> : tensor<16x8xf32>
  return %0, %2 : tensor<16x8xf32>, tensor<16x8xf32>
}

// Replicated to replicated, scalars included: the reshard goes.
// CHECK-LABEL: func @scalar
func.func @scalar(%arg0 : tensor<f32> {sdy.sharding = #sdy.sharding<@mesh2d, []>}) -> tensor<f32> {
  // CHECK-NEXT: return %arg0
  %0 = sdy.reshard %arg0 <@mesh2d, []> : tensor<f32>
  return %0 : tensor<f32>
}

// Sizes 6 and 4 do not divide each other: Shardy's two rounds of
// slice/permute/all-to-all/gather end before the target is reached, and
// the last collective's sharding is what is left.
// CHECK-LABEL: func @two_rounds_not_enough
func.func @two_rounds_not_enough(%arg0: tensor<48x24x8xf32> {sdy.sharding = #sdy.sharding<@mesh_2x6x4, [{"z"}, {"y":(1)3, "x"}, {"y":(3)2}]>}) -> tensor<48x24x8xf32> {
  // CHECK-NEXT: %[[CP0:.*]] = sdy.collective_permute %arg0 out_sharding=<@mesh_2x6x4, [{"x", "y":(3)2}, {"y":(1)3, "z":(1)2}, {"z":(2)2}]>
  // CHECK-NEXT: %[[A2A0:.*]] = sdy.all_to_all [{"z":(2)2}: 2->1] %[[CP0]] out_sharding=<@mesh_2x6x4, [{"x", "y":(3)2}, {"y":(1)3, "z"}, {}]>
  // CHECK-NEXT: %[[CP1:.*]] = sdy.collective_permute %[[A2A0]] out_sharding=<@mesh_2x6x4, [{"x", "y":(3)2}, {"z", "y":(1)3}, {}]>
  // CHECK-NEXT: %[[A2A1:.*]] = sdy.all_to_all [{"y":(1)3}: 1->0] %[[CP1]] out_sharding=<@mesh_2x6x4, [{"x", "y":(3)2, "y":(1)3}, {"z"}, {}]>
  // CHECK-NEXT: return %[[A2A1]]
  %0 = sdy.reshard %arg0 <@mesh_2x6x4, [{"x", "y"}, {"z"}, {}]> : tensor<48x24x8xf32>
  return %0 : tensor<48x24x8xf32>
}

sdy.mesh @mesh_12x12 = <["x"=12, "y"=12]>

// Shardy's all-gather step, once the last axis of a dimension is not
// wanted anywhere, gathers the whole dimension (its reverse iterator steps
// straight to the list's start), here the "x" sub-axes that an all-to-all
// could still have moved; the target is not reached within two rounds.
// CHECK-LABEL: func @gather_takes_whole_dimension
func.func @gather_takes_whole_dimension(%arg0: tensor<24x16x96xf32> {sdy.sharding = #sdy.sharding<@mesh_12x12, [{"x":(1)3, "y":(2)2}, {}, {"x":(3)4, "y":(1)2}]>}) -> tensor<24x16x96xf32> {
  // CHECK-NEXT: %[[GATHER:.*]] = sdy.all_gather [{"x":(1)3, "y":(2)2}, {}, {"x":(3)4, "y":(1)2}] %arg0 out_sharding=<@mesh_12x12, [{}, {}, {}]>
  // CHECK-NEXT: return %[[GATHER]]
  %0 = sdy.reshard %arg0 <@mesh_12x12, [{"x":(3)4}, {}, {"x":(1)3}]> : tensor<24x16x96xf32>
  return %0 : tensor<24x16x96xf32>
}

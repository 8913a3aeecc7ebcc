// RUN: sdy_opt %s -canonicalize | FileCheck %s

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
sdy.mesh @mesh1 = <["a"=1, "b"=2]>

// CHECK-LABEL: func @noop_collectives
func.func @noop_collectives(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // CHECK-NEXT: return %arg0
  %0 = sdy.all_gather [{}, {}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %1 = sdy.all_slice [{}, {}] %0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %2 = sdy.all_reduce {} %1 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %3 = sdy.reduce_scatter [{}, {}] %2 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %4 = sdy.collective_permute %3 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %4 : tensor<8x8xf32>
}

// CHECK-LABEL: func @gather_then_slice
func.func @gather_then_slice(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x8xf32> {
  // CHECK-NEXT: sdy.all_gather
  // CHECK-NEXT: return %arg0
  %0 = sdy.all_gather [{}, {"b"}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %1 = sdy.all_slice [{}, {"b"}] %0 out_sharding=<@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// CHECK-LABEL: func @s2u_then_all_reduce
func.func @s2u_then_all_reduce(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) -> tensor<8x8xf32> {
  // CHECK-NEXT: sdy.sharded_to_unreduced
  // CHECK-NEXT: %1 = sdy.all_gather [{"b"}, {"c"}] %arg0 out_sharding=<@mesh, [{"a"}, {}]>
  // CHECK-NEXT: return %1
  %0 = sdy.sharded_to_unreduced [{"b"}, {"c"}] %arg0 out_sharding=<@mesh, [{"a"}, {}], unreduced={"b", "c"}> : tensor<8x8xf32>
  %1 = sdy.all_reduce {"b", "c"} %0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// CHECK-LABEL: func @all_to_all_chain
func.func @all_to_all_chain(%arg0: tensor<8x8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}, {}]>}) -> tensor<8x8x8x8xf32> {
  // CHECK-NEXT: %0 = sdy.all_to_all [{"a"}: 0->2, {"b"}: 1->3] %arg0 out_sharding=<@mesh, [{}, {}, {"a"}, {"b"}]>
  // CHECK-NEXT: return %0
  %0 = sdy.all_to_all [{"b"}: 1->3] %arg0 out_sharding=<@mesh, [{"a"}, {}, {}, {"b"}]> : tensor<8x8x8x8xf32>
  %1 = sdy.all_to_all [{"a"}: 0->2] %0 out_sharding=<@mesh, [{}, {}, {"a"}, {"b"}]> : tensor<8x8x8x8xf32>
  return %1 : tensor<8x8x8x8xf32>
}

// CHECK-LABEL: func @all_reduce_then_slice
func.func @all_reduce_then_slice(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  // CHECK-NEXT: %0 = sdy.reduce_scatter [{"a"}, {}] %arg0 out_sharding=<@mesh, [{"a"}, {}]>
  // CHECK-NEXT: %1 = sdy.all_slice [{}, {"b"}] %0 out_sharding=<@mesh, [{"a"}, {"b"}]>
  // CHECK-NEXT: return %1, %1
  %0 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  %1 = sdy.all_slice [{"a"}, {"b"}] %0 out_sharding=<@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
  %2 = sdy.all_slice [{"a"}, {"b"}] %0 out_sharding=<@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// CHECK-LABEL: func @reshards
func.func @reshards(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  // CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{}, {"b"}]>
  // CHECK-NEXT: return %0, %0
  %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %1 = sdy.reshard %0 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  %2 = sdy.reshard %arg0 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// CHECK-LABEL: func @manual_unused_and_inlined
func.func @manual_unused_and_inlined(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK-NEXT: %0 = sdy.reshard %arg1 <@mesh1, [{"b"}]>
  // CHECK-NEXT: return %0
  %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh1, [{}]>, <@mesh1, [{"a"}]>] out_shardings=[<@mesh1, [{"a"}]>] manual_axes={"a"} (%arg2: tensor<8xf32>, %arg3: tensor<8xf32>) {
    %1 = sdy.reshard %arg3 <@mesh1, [{"b"}]> : tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// CHECK-LABEL: func @manual_kept
func.func @manual_kept(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK-NEXT: %0 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg2: tensor<4xf32>) {
  %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{}]>, <@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg2: tensor<8xf32>, %arg3: tensor<4xf32>) {
    sdy.return %arg3 : tensor<4xf32>
  } : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  // CHECK-NEXT:   sdy.return %arg2
  // CHECK-NEXT: }
  // CHECK-NEXT: return %0
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
    sdy.return
  } : () -> ()
  return %0 : tensor<8xf32>
}

// CHECK-LABEL: func @reshard_cse_through_reshape
func.func @reshard_cse_through_reshape(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<16xf32>) {
  // CHECK-NEXT: %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<4x4xf32>
  // CHECK-NEXT: %1 = stablehlo.reshape %0 : (tensor<4x4xf32>) -> tensor<16xf32>
  // CHECK-NEXT: return %0, %1
  %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<4x4xf32>
  %1 = stablehlo.reshape %arg0 : (tensor<4x4xf32>) -> tensor<16xf32>
  %2 = sdy.reshard %1 <@mesh, [{"a"}]> : tensor<16xf32>
  return %0, %2 : tensor<4x4xf32>, tensor<16xf32>
}

// CHECK-LABEL: func @reshard_not_cse_different_stride
func.func @reshard_not_cse_different_stride(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<16xf32>) {
  // CHECK: sdy.reshard %arg0 <@mesh, [{}, {"a"}]>
  // CHECK: sdy.reshard %{{.*}} <@mesh, [{"a"}]>
  %0 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<4x4xf32>
  %1 = stablehlo.reshape %arg0 : (tensor<4x4xf32>) -> tensor<16xf32>
  %2 = sdy.reshard %1 <@mesh, [{"a"}]> : tensor<16xf32>
  return %0, %2 : tensor<4x4xf32>, tensor<16xf32>
}

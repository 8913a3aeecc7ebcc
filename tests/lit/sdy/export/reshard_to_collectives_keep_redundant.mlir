// RUN: sdy_opt %s -sdy-reshard-to-collectives=keep-redundant-reshards=true | FileCheck %s
// RUN: sdy_opt %s -sdy-reshard-to-collectives | FileCheck %s --check-prefix=DROP

// With keep-redundant-reshards, a reshard to a sharding equivalent to its
// input's (same axes, whatever is open or closed; replicated on any mesh;
// an input without sharding counting as replicated; through barriers)
// stays; the others are converted as usual. Without it they all go.

sdy.mesh @mesh2d = <["x"=2, "y"=2]>
sdy.mesh @mesh1d_4 = <["x"=4]>

// CHECK-LABEL: func @open_dims
// DROP-LABEL: func @open_dims
func.func @open_dims(%arg0 : tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh2d, [{"x"}, {"y"}]>}) -> tensor<16x8xf32> {
  // CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg0 <@mesh2d, [{"x", ?}, {"y", ?}]>
  // CHECK-NEXT: return %[[R]]
  // DROP-NEXT: return %arg0
  %0 = sdy.reshard %arg0 <@mesh2d, [{"x", ?}, {"y", ?}]> : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// CHECK-LABEL: func @replicated_other_mesh
// DROP-LABEL: func @replicated_other_mesh
func.func @replicated_other_mesh(%arg0 : tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh2d, [{}, {}]>}) -> tensor<16x8xf32> {
  // CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg0 <@mesh1d_4, [{}, {}]>
  // CHECK-NEXT: return %[[R]]
  // DROP-NEXT: return %arg0
  %0 = sdy.reshard %arg0 <@mesh1d_4, [{}, {}]> : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// CHECK-LABEL: func @no_input_sharding
// DROP-LABEL: func @no_input_sharding
func.func @no_input_sharding(%arg0 : tensor<16x8xf32>) -> tensor<16x8xf32> {
  // CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg0 <@mesh2d, [{}, {}]>
  // CHECK-NEXT: return %[[R]]
  // DROP-NEXT: return %arg0
  %0 = sdy.reshard %arg0 <@mesh2d, [{}, {}]> : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// CHECK-LABEL: func @through_barrier
// DROP-LABEL: func @through_barrier
func.func @through_barrier(%arg0 : tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh2d, [{"x"}, {}]>}) -> tensor<16x8xf32> {
  // CHECK-NEXT: %[[B:.*]] = sdy.propagation_barrier %arg0
  // CHECK-NEXT: %[[R:.*]] = sdy.reshard %[[B]] <@mesh2d, [{"x"}, {}]>
  // CHECK-NEXT: return %[[R]]
  // DROP-NEXT: sdy.propagation_barrier %arg0
  // DROP-NEXT: return %arg0
  %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD : tensor<16x8xf32>
  %1 = sdy.reshard %0 <@mesh2d, [{"x"}, {}]> : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// CHECK-LABEL: func @not_redundant
// DROP-LABEL: func @not_redundant
func.func @not_redundant(%arg0 : tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh2d, [{"x"}, {}]>}) -> tensor<16x8xf32> {
  // CHECK-NEXT: %[[R:.*]] = sdy.all_to_all [{"x"}: 0->1] %arg0 out_sharding=<@mesh2d, [{}, {"x"}]>
  // CHECK-NEXT: return %[[R]]
  // DROP-NEXT: %[[R:.*]] = sdy.all_to_all [{"x"}: 0->1] %arg0 out_sharding=<@mesh2d, [{}, {"x"}]>
  // DROP-NEXT: return %[[R]]
  %0 = sdy.reshard %arg0 <@mesh2d, [{}, {"x"}]> : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

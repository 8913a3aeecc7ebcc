// RUN: sdy_opt %s -split-input-file -sdy-remove-size-one-axes | FileCheck %s

// Only the module's mesh symbols decide whether there is anything to do: an
// inline mesh with size-one axes is left alone when no symbol has any.
// CHECK-LABEL: func @no_size_one_mesh_symbol
// CHECK-SAME:  #sdy.sharding<mesh<["a"=1, "b"=2]>, [{"a", "b"}]>
sdy.mesh @mesh = <["x"=2]>
func.func @no_size_one_mesh_symbol(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["a"=1, "b"=2]>, [{"a", "b"}]>}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=1, "b"=2, "c"=4, "d"=1]>

// Single-sharding sdy ops, data flow edges and sub-axes: an open dimension
// keeps its priority, a closed one that became empty loses it.
// CHECK-LABEL: func @sdy_ops
func.func @sdy_ops(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // CHECK-NEXT: sdy.sharding_constraint %arg0 <@mesh, [{?}p1, {}]>
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a", ?}p1, {"d"}p2]> : tensor<8x8xf32>
  // CHECK-NEXT: sdy.reshard %0 <@mesh, [{"c":(1)2}, {"b"}], replicated={"c":(2)2}>
  %1 = sdy.reshard %0 <@mesh, [{"c":(1)2}, {"a", "b"}], replicated={"c":(2)2, "d"}> : tensor<8x8xf32>
  // CHECK-NEXT: stablehlo.negate
  %2 = stablehlo.negate %1 : tensor<8x8xf32>
  // CHECK-NEXT: sdy.data_flow_edge %2 sharding=<@mesh, [{"b"}p0, {}]>
  %3 = sdy.data_flow_edge %2 sharding=<@mesh, [{"b", "a"}p0, {}]> : tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}

// Ops without size-one axes keep their very sharding attribute.
// CHECK-LABEL: func @unchanged
// CHECK-SAME:  #sdy.sharding<@mesh, [{"c"}, {"b"}]>
func.func @unchanged(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}]>}) -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}

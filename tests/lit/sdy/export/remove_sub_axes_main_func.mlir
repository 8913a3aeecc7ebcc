// RUN: sdy_opt %s -split-input-file -sdy-remove-sub-axes-in-input-output-shardings | FileCheck %s

sdy.mesh @mesh = <["x"=8, "y"=2]>

// With a single function, that one is the main function, whatever its name.
// Open dimensions lose their first sub-axis and what follows it; closed ones
// keep theirs; priorities stay.
// CHECK-LABEL: func @only(
// CHECK-SAME:    %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", ?}p1]>}
// CHECK-SAME:    %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "y"}]>}
// CHECK-SAME:    -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}], replicated={"x":(2)4}>})
func.func @only(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y", "x":(1)2, ?}p1]>},
                %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "y"}]>})
    -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}], replicated={"x":(2)4}>}) {
  return %arg0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["x"=8]>

// With several functions only @main changes.
// CHECK-LABEL: func @other(
// CHECK-SAME:    {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}]>}
func.func @other(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}]>}) -> tensor<16xf32> {
  return %arg0 : tensor<16xf32>
}
// CHECK-LABEL: func @main(
// CHECK-SAME:    {sdy.sharding = #sdy.sharding<@mesh, [{?}]>}
func.func @main(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, ?}]>}) -> tensor<16xf32> {
  return %arg0 : tensor<16xf32>
}

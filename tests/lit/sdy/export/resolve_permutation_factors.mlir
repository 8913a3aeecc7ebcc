// RUN: sdy_opt %s -sdy-resolve-permutation-factors | FileCheck %s
// RUN: sdy_opt %s -sdy-resolve-permutation-factors=enable-halo-exchange=false | FileCheck %s --check-prefix=REPL

// Branches the Shardy cases leave out: channel ids after the module's own,
// reversed meshes that already exist (reused) or whose name is taken
// (uniqued), halo exchanges in two dimensions one after the other, a
// splitting reshape over two axes at once, custom rules, reshapes whose
// shardings are not equivalent, ops in nested regions, and the replication
// of operands on meshes with other device orders.

// CHECK-DAG: sdy.mesh @mesh_reversed_0 = <["a"=2, "b"=2], device_ids=[1, 0, 3, 2]>
// CHECK-DAG: sdy.mesh @mesh = <["a"=2, "b"=2]>
// CHECK-DAG: sdy.mesh @mesh_reversed = <["a"=4]>
// CHECK-DAG: sdy.mesh @other_name = <["a"=2, "b"=2], device_ids=[2, 3, 0, 1]>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh_reversed = <["a"=4]>
sdy.mesh @other_name = <["a"=2, "b"=2], device_ids=[2, 3, 0, 1]>
sdy.mesh @mesh_non_iota = <["a"=2, "b"=2], device_ids=[0, 2, 1, 3]>

// CHECK-LABEL: func @existing_channel
func.func @existing_channel(%arg0: tensor<4x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<4x8xi32> {
  // CHECK: channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>
  %0 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x8xi32>) -> tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// Reversing "a" gives the device order of @other_name, which is reused.
// CHECK-LABEL: func @reverse_reuses_mesh
func.func @reverse_reuses_mesh(%arg0: tensor<4x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<4x8xi32> {
  // CHECK-NEXT: %[[REV:.*]] = stablehlo.reverse %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@other_name, [{"a"}, {}]>]>}
  // CHECK-NEXT: %[[RESHARD:.*]] = sdy.reshard %[[REV]] <@mesh, [{"a"}, {}]>
  // CHECK-NEXT: return %[[RESHARD]]
  %0 = stablehlo.reverse %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// Reversing "b" needs a new mesh, and @mesh_reversed is taken.
// CHECK-LABEL: func @reverse_new_mesh_name_taken
func.func @reverse_new_mesh_name_taken(%arg0: tensor<4x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<4x8xi32> {
  // CHECK-NEXT: %[[REV:.*]] = stablehlo.reverse %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh_reversed_0, [{"b"}, {}]>]>}
  // CHECK-NEXT: %[[RESHARD:.*]] = sdy.reshard %[[REV]] <@mesh, [{"b"}, {}]>
  // CHECK-NEXT: return %[[RESHARD]]
  %0 = stablehlo.reverse %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// Dimension 0 takes from the left neighbour, then dimension 1 from the
// right one, each with its own buffer, device id and offset; channel ids go
// on from the module's largest.
// CHECK-LABEL: func @pad_two_dims
// REPL-LABEL: func @pad_two_dims
func.func @pad_two_dims(%arg0: tensor<6x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<10x7xi32> {
  // CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<0> : tensor<i32>
  // CHECK-NEXT: %[[MC:.*]] = sdy.manual_computation(%arg0, %[[C]]) in_shardings=[<@mesh, [{"a"}, {"b"}]>, <@mesh, []>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"a", "b"} (%[[L:.*]]: tensor<3x3xi32>, %[[P:.*]]: tensor<i32>) {
  // CHECK-NEXT:   %[[CP0:.*]] = "stablehlo.collective_permute"(%[[L]]) <{channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>, source_target_pairs = dense<{{\[\[}}0, 2], [1, 3]]> : tensor<2x2xi64>}> : (tensor<3x3xi32>) -> tensor<3x3xi32>
  // CHECK-NEXT:   %[[CAT0:.*]] = stablehlo.concatenate %[[CP0]], %[[L]], dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<6x3xi32>
  // CHECK-NEXT:   %[[BUF0:.*]] = stablehlo.pad %[[CAT0]], %[[P]], low = [5, 0], high = [5, 0], interior = [0, 0] {{.*}} -> tensor<16x3xi32>
  // CHECK-NEXT:   %[[PID0:.*]] = stablehlo.partition_id : tensor<ui32>
  // CHECK-NEXT:   %[[ID0:.*]] = stablehlo.convert %[[PID0]] : (tensor<ui32>) -> tensor<i64>
  // CHECK-NEXT:   %[[C2:.*]] = stablehlo.constant dense<2> : tensor<i64>
  // CHECK-NEXT:   %[[DIV:.*]] = stablehlo.divide %[[ID0]], %[[C2]]
  // CHECK-NEXT:   %[[C2_1:.*]] = stablehlo.constant dense<2> : tensor<i64>
  // CHECK-NEXT:   %[[A:.*]] = stablehlo.remainder %[[DIV]], %[[C2_1]]
  // CHECK-NEXT:   %[[DIFF0:.*]] = stablehlo.constant dense<2> : tensor<i64>
  // CHECK-NEXT:   %[[BASE0:.*]] = stablehlo.constant dense<5> : tensor<i64>
  // CHECK-NEXT:   %[[MUL0:.*]] = stablehlo.multiply %[[A]], %[[DIFF0]]
  // CHECK-NEXT:   %[[ADD0:.*]] = stablehlo.add %[[MUL0]], %[[BASE0]]
  // CHECK-NEXT:   %[[Z0:.*]] = stablehlo.constant dense<0> : tensor<i64>
  // CHECK-NEXT:   %[[OFF0:.*]] = stablehlo.maximum %[[ADD0]], %[[Z0]]
  // CHECK-NEXT:   %[[DIM0:.*]] = stablehlo.dynamic_slice %[[BUF0]], %[[OFF0]], %[[Z0]], sizes = [5, 3]
  // CHECK-NEXT:   %[[CP1:.*]] = "stablehlo.collective_permute"(%[[DIM0]]) <{channel_handle = #stablehlo.channel_handle<handle = 9, type = 1>, source_target_pairs = dense<{{\[\[}}1, 0], [3, 2]]> : tensor<2x2xi64>}>
  // CHECK-NEXT:   %[[CAT1:.*]] = stablehlo.concatenate %[[DIM0]], %[[CP1]], dim = 1
  // CHECK-NEXT:   %[[BUF1:.*]] = stablehlo.pad %[[CAT1]], %[[P]], low = [0, 4], high = [0, 4], interior = [0, 0] {{.*}} -> tensor<5x14xi32>
  // CHECK-NEXT:   %[[PID1:.*]] = stablehlo.partition_id
  // CHECK-NEXT:   %[[ID1:.*]] = stablehlo.convert %[[PID1]]
  // CHECK-NEXT:   %[[C2_2:.*]] = stablehlo.constant dense<2> : tensor<i64>
  // CHECK-NEXT:   %[[B:.*]] = stablehlo.remainder %[[ID1]], %[[C2_2]]
  // CHECK-NEXT:   %[[DIFF1:.*]] = stablehlo.constant dense<1> : tensor<i64>
  // CHECK-NEXT:   %[[BASE1:.*]] = stablehlo.constant dense<4> : tensor<i64>
  // CHECK-NEXT:   %[[MUL1:.*]] = stablehlo.multiply %[[B]], %[[DIFF1]]
  // CHECK-NEXT:   %[[ADD1:.*]] = stablehlo.add %[[MUL1]], %[[BASE1]]
  // CHECK-NEXT:   %[[Z1:.*]] = stablehlo.constant dense<0> : tensor<i64>
  // CHECK-NEXT:   %[[OFF1:.*]] = stablehlo.maximum %[[ADD1]], %[[Z1]]
  // CHECK-NEXT:   %[[DIM1:.*]] = stablehlo.dynamic_slice %[[BUF1]], %[[Z1]], %[[OFF1]], sizes = [5, 4]
  // CHECK-NEXT:   sdy.return %[[DIM1]] : tensor<5x4xi32>
  // CHECK-NEXT: } : (tensor<6x6xi32>, tensor<i32>) -> tensor<10x8xi32>
  // CHECK-NEXT: %[[RES:.*]] = stablehlo.slice %[[MC]] [0:10, 0:7] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>}
  // CHECK-NEXT: return %[[RES]]
  // REPL:      sdy.reshard %arg0 <@mesh, [{}, {}]>
  // REPL:      stablehlo.pad {{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>}
  // REPL-NEXT: sdy.reshard {{.*}} <@mesh, [{"a"}, {"b"}]> : tensor<10x7xi32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.pad %arg0, %c, low = [3, 0], high = [1, 1], interior = [0, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<6x6xi32>, tensor<i32>) -> tensor<10x7xi32>
  return %0 : tensor<10x7xi32>
}

// A 6-element dimension split into 2x3 over "a" and "b" at once: shard t
// of the 2x3 output starts at element [0, 2, 3, 5][t] of the input, read
// from a buffer holding the left neighbour's shard, at the offsets of a
// table indexed by the position in the combined group.
// CHECK-LABEL: func @reshape_split_two_axes
// REPL-LABEL: func @reshape_split_two_axes
func.func @reshape_split_two_axes(%arg0: tensor<6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<2x3xi32> {
  // CHECK-NEXT: %[[PADDING:.*]] = stablehlo.constant dense<0> : tensor<i32>
  // CHECK-NEXT: %[[ZERO:.*]] = stablehlo.constant dense<0> : tensor<i32>
  // CHECK-NEXT: %[[IN:.*]] = stablehlo.pad %arg0, %[[ZERO]], low = [0], high = [2], interior = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>}
  // CHECK-NEXT: %[[MC:.*]] = sdy.manual_computation(%[[IN]], %[[PADDING]]) in_shardings=[<@mesh, [{"a", "b"}]>, <@mesh, []>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"a", "b"} (%[[L:.*]]: tensor<2xi32>, %[[P:.*]]: tensor<i32>) {
  // CHECK-NEXT:   %[[CP:.*]] = "stablehlo.collective_permute"(%[[L]]) <{channel_handle = #stablehlo.channel_handle<handle = 10, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}>
  // CHECK-NEXT:   %[[CAT:.*]] = stablehlo.concatenate %[[CP]], %[[L]], dim = 0
  // CHECK-NEXT:   %[[BUF:.*]] = stablehlo.pad %[[CAT]], %[[P]], low = [2], high = [2], interior = [0] {{.*}} -> tensor<8xi32>
  // CHECK-NEXT:   %[[PID:.*]] = stablehlo.partition_id
  // CHECK-NEXT:   %[[ID:.*]] = stablehlo.convert %[[PID]]
  // CHECK-NEXT:   %[[C2:.*]] = stablehlo.constant dense<2> : tensor<i64>
  // CHECK-NEXT:   %[[DIV:.*]] = stablehlo.divide %[[ID]], %[[C2]]
  // CHECK-NEXT:   %[[C2_1:.*]] = stablehlo.constant dense<2> : tensor<i64>
  // CHECK-NEXT:   %[[A:.*]] = stablehlo.remainder %[[DIV]], %[[C2_1]]
  // CHECK-NEXT:   %[[C2_2:.*]] = stablehlo.constant dense<2> : tensor<i64>
  // CHECK-NEXT:   %[[B:.*]] = stablehlo.remainder %[[ID]], %[[C2_2]]
  // CHECK-NEXT:   %[[C2_3:.*]] = stablehlo.constant dense<2> : tensor<i64>
  // CHECK-NEXT:   %[[MUL:.*]] = stablehlo.multiply %[[A]], %[[C2_3]]
  // CHECK-NEXT:   %[[T:.*]] = stablehlo.add %[[MUL]], %[[B]]
  // CHECK-NEXT:   %[[TABLE:.*]] = stablehlo.constant dense<[4, 4, 3, 3]> : tensor<4xi64>
  // CHECK-NEXT:   %[[S:.*]] = stablehlo.dynamic_slice %[[TABLE]], %[[T]], sizes = [1]
  // CHECK-NEXT:   %[[OFF:.*]] = stablehlo.reshape %[[S]] : (tensor<1xi64>) -> tensor<i64>
  // CHECK-NEXT:   stablehlo.constant dense<0> : tensor<i64>
  // CHECK-NEXT:   %[[PIECE:.*]] = stablehlo.dynamic_slice %[[BUF]], %[[OFF]], sizes = [2]
  // CHECK-NEXT:   %[[LOCAL:.*]] = stablehlo.reshape %[[PIECE]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<2xi32>) -> tensor<1x2xi32>
  // CHECK-NEXT:   sdy.return %[[LOCAL]]
  // CHECK-NEXT: } : (tensor<8xi32>, tensor<i32>) -> tensor<2x4xi32>
  // CHECK-NEXT: %[[RES:.*]] = stablehlo.slice %[[MC]] [0:2, 0:3] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>}
  // CHECK-NEXT: return %[[RES]]
  // REPL-NEXT: %[[IN:.*]] = sdy.reshard %arg0 <@mesh, [{}]>
  // REPL-NEXT: %[[R:.*]] = stablehlo.reshape %[[IN]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>}
  // REPL-NEXT: %[[OUT:.*]] = sdy.reshard %[[R]] <@mesh, [{"a"}, {"b"}]>
  // REPL-NEXT: return %[[OUT]]
  %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<6xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// Not equivalent across the reshape, nothing indivisible: the reshape is
// still rebuilt between two reshards that keep the shardings.
// CHECK-LABEL: func @reshape_not_equivalent
// REPL-LABEL: func @reshape_not_equivalent
func.func @reshape_not_equivalent(%arg0: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<32xi32> {
  // CHECK-NEXT: %[[IN:.*]] = sdy.reshard %arg0 <@mesh, [{}, {"a"}]>
  // CHECK-NEXT: %[[R:.*]] = stablehlo.reshape %[[IN]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>}
  // CHECK-NEXT: %[[OUT:.*]] = sdy.reshard %[[R]] <@mesh, [{"a"}]>
  // CHECK-NEXT: return %[[OUT]]
  // REPL-NEXT: sdy.reshard %arg0 <@mesh, [{}, {"a"}]>
  %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<8x4xi32>) -> tensor<32xi32>
  return %0 : tensor<32xi32>
}

// A user-provided (custom) rule is left alone.
// CHECK-LABEL: func @custom_rule
// REPL-LABEL: func @custom_rule
func.func @custom_rule(%arg0: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xi32> {
  // CHECK-NEXT: stablehlo.reverse %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>
  // CHECK-NEXT: return
  // REPL-NEXT: stablehlo.reverse %arg0
  // REPL-NEXT: return
  %0 = stablehlo.reverse %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} permutation={i}, custom>} : tensor<8x8xi32>
  return %0 : tensor<8x8xi32>
}

// A slice dimension that stays within its shards is not replicated.
// REPL-LABEL: func @slice_comm_free_dim
func.func @slice_comm_free_dim(%arg0: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<7x6xi32> {
  // REPL-NEXT: %[[IN:.*]] = sdy.reshard %arg0 <@mesh, [{"a"}, {}]>
  // REPL-NEXT: %[[S:.*]] = stablehlo.slice %[[IN]] [0:7, 1:7] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>}
  // REPL-NEXT: %[[OUT:.*]] = sdy.reshard %[[S]] <@mesh, [{"a"}, {"b"}]>
  // REPL-NEXT: return %[[OUT]]
  %0 = stablehlo.slice %arg0 [0:7, 1:7] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x8xi32>) -> tensor<7x6xi32>
  return %0 : tensor<7x6xi32>
}

// An operand on a mesh with another device order is resharded onto the
// common (iota) mesh even where its factors keep their axes.
// REPL-LABEL: func @conv_other_device_order
func.func @conv_other_device_order(%arg0: tensor<1x1x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh_non_iota, [{}, {}, {"a"}, {}]>}, %arg1: tensor<3x3x1x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {}]>}) -> tensor<1x1x14x14xf32> {
  // REPL-NEXT: %[[IN:.*]] = sdy.reshard %arg0 <@mesh, [{}, {}, {}, {}]>
  // REPL-NEXT: %[[CONV:.*]] = stablehlo.convolution(%[[IN]], %arg1)
  // REPL-SAME: sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}, {}]>]>
  // REPL-NEXT: %[[OUT:.*]] = sdy.reshard %[[CONV]] <@mesh, [{}, {}, {"a"}, {"b"}]>
  // REPL-NEXT: return %[[OUT]]
  %0 = stablehlo.convolution(%arg0, %arg1)
    dim_numbers = [b, f, 0, 1] x [0, 1, i, o] -> [b, f, 0, 1],
    window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {
      batch_group_count = 1 : i64, feature_group_count = 1 : i64,
      sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"a"}, {"b"}]>]>
    } : (tensor<1x1x16x16xf32>, tensor<3x3x1x1xf32>) -> tensor<1x1x14x14xf32>
  return %0 : tensor<1x1x14x14xf32>
}

// Ops in nested regions are resolved too; an operand without a sharding
// counts as replicated, so only the result is resharded.
// REPL-LABEL: func @while_body
func.func @while_body(%arg0: tensor<8x8xi32>) -> tensor<8x8xi32> {
  // REPL: do {
  // REPL-NEXT: %[[REV:.*]] = stablehlo.reverse %iterArg, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>}
  // REPL-NEXT: %[[OUT:.*]] = sdy.reshard %[[REV]] <@mesh, [{"a"}, {}]>
  // REPL-NEXT: stablehlo.return %[[OUT]]
  %0 = stablehlo.while(%iterArg = %arg0) : tensor<8x8xi32>
    cond {
      %c = stablehlo.constant dense<true> : tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %1 = stablehlo.reverse %iterArg, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xi32>
      stablehlo.return %1 : tensor<8x8xi32>
    }
  return %0 : tensor<8x8xi32>
}

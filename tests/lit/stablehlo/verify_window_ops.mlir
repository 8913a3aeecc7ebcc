// RUN: sdy_opt %s -split-input-file -verify-diagnostics
// StableHLO's select_and_scatter, convolution (window and dimension-number
// syntax), dot_general algorithm, replica_group_mesh_axes, async_start,
// reduce_precision and reduce_window rules the visible corpus leaves out,
// with StableHLO's messages.

func.func @sas_select_args(%op: tensor<4x4xf32>, %src: tensor<2x2xf32>, %init: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{expects the select-region to take 2 parameters, but takes 1}}
  %0 = "stablehlo.select_and_scatter"(%op, %src, %init) ({
  ^bb0(%a: tensor<f32>):
    %c = stablehlo.compare GT, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
// -----
func.func @sas_select_arg_type(%op: tensor<4x4xf32>, %src: tensor<2x2xf32>, %init: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{expects the type of select-region's parameter at index 1 to be 'tensor<f32>', but got 'tensor<i32>'}}
  %0 = "stablehlo.select_and_scatter"(%op, %src, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
// -----
func.func @sas_select_ret(%op: tensor<4x4xf32>, %src: tensor<2x2xf32>, %init: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{expects the return-type of select-region to be tensor<i1>, but got: 'tensor<f32>'}}
  %0 = "stablehlo.select_and_scatter"(%op, %src, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
// -----
func.func @sas_window_rank(%op: tensor<4x4xf32>, %src: tensor<2x2xf32>, %init: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{expects window-dimensions size == operand rank, but got window-dimensions size: 1 and operand-type: 'tensor<4x4xf32>' with rank = 2.}}
  %0 = "stablehlo.select_and_scatter"(%op, %src, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
// -----
func.func @sas_source(%op: tensor<4x4xf32>, %src: tensor<3x2xf32>, %init: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{expects source-type to be 'tensor<2x2xf32>', but got'tensor<3x2xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%op, %src, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<3x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
// -----
func.func @sas_ok(%op: tensor<4x4xf32>, %src: tensor<2x2xf32>, %init: tensor<f32>) -> tensor<4x4xf32> {
  %0 = "stablehlo.select_and_scatter"(%op, %src, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<0> : tensor<2x2xi64>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
// -----
func.func @sas_result(%op: tensor<4x4xf32>, %src: tensor<2x2xf32>, %init: tensor<f32>) -> tensor<4x4xi32> {
  // expected-error @+2 {{'stablehlo.select_and_scatter' op inferred type(s) 'tensor<4x4xf32>' are incompatible with return type(s) of operation 'tensor<4x4xi32>'}}
  // expected-error @+1 {{'stablehlo.select_and_scatter' op failed to infer returned types}}
  %0 = "stablehlo.select_and_scatter"(%op, %src, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}
// -----
func.func @conv_result(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32> {
  // expected-error @+1 {{inferred shape '[1, 6, 6, 16]' is incompatible with return type of operation 'tensor<1x8x8x16xf32>'}}
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}
// -----
func.func @conv_spatial(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32> {
  // expected-error @+1 {{Expected spatial dimensions 1, 2 not specified}}
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 3, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}
// -----
func.func @conv_window_kw(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32> {
  // expected-error @+1 {{Unexpected keyword stride}}
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}
// -----
func.func @conv_pad(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32> {
  // expected-error @+1 {{Expected array with 2 elements, got 3 elements instead}}
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}
// -----
func.func @dot_algo_count(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{lhs component count must be positive}}
  %0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 0, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>}> : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
// -----
func.func @dot_result(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{inferred shape '[2, 4]' is incompatible with return type of operation 'tensor<2x5xf32>'}}
  %0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
// -----
func.func @mesh_axis(%a: tensor<8xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{axis 'z' not found in mesh definition}}
  %0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>]>, axes = [#stablehlo.axis_ref<name = "z">]>}> : (tensor<8xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
// -----
func.func @mesh_kind(%a: tensor<8xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{mesh must be a FlatSymbolRefAttr or MeshAttr}}
  %0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = "m", axes = []>}> : (tensor<8xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
// -----
func.func @async_ops(%a: tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>> {
  // expected-error @+2 {{'stablehlo.async_start' op region must return exactly one value, but got 2}}
  // expected-error @+1 {{'stablehlo.async_start' op failed to infer returned types}}
  %0 = "stablehlo.async_start"(%a) ({
  ^bb0(%x: tensor<4xf32>):
    %n = stablehlo.slice %x [0:4] : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %n, %n : tensor<4xf32>, tensor<4xf32>
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  return %0 : !stablehlo.future<tensor<4xf32>>
}
// -----
func.func @rp(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unable to parse exponent '99999999999'}}
  %0 = stablehlo.reduce_precision %a, format = e99999999999m2 : tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
func.func @rw_result(%a: tensor<4x4xf32>, %z: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{'stablehlo.reduce_window' op inferred type(s) 'tensor<3x3xf32>' are incompatible with return type(s) of operation 'tensor<4x4xf32>'}}
  // expected-error @+1 {{'stablehlo.reduce_window' op failed to infer returned types}}
  %0 = "stablehlo.reduce_window"(%a, %z) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----
func.func @rw_empty_body(%a: tensor<4xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %0 = "stablehlo.reduce_window"(%a, %z) ({
  }) {window_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
func.func @rw_padding_kind(%a: tensor<4xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.reduce_window' op attribute 'padding' failed to satisfy constraint: 64-bit signless integer elements attribute}}
  %0 = "stablehlo.reduce_window"(%a, %z) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1>, padding = dense<0> : tensor<1x2xi32>} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----
func.func @f(%in: tensor<200x100x300xf32>, %idx: tensor<10x2xf32>, %upd: tensor<10x300xf32>) -> tensor<200x100x300xf32> {
  // expected-error @+1 {{'stablehlo.scatter' op operand #1 must be ranked tensor of integer or index values, but got 'tensor<10x2xf32>'}}
  %0 = "stablehlo.scatter" (%in, %idx, %upd) ({
  ^bb0(%lhs: tensor<f32>, %rhs: tensor<f32>):
    %add = stablehlo.add %lhs, %rhs : tensor<f32>
    "stablehlo.return"(%add) : (tensor<f32>) -> ()
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>
  } : (tensor<200x100x300xf32>, tensor<10x2xf32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  func.return %0 : tensor<200x100x300xf32>
}

// -----
func.func @dynamic_conv_padding(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<3x2xi64>) -> tensor<1x8x8x16xf32> {
  // expected-error @+1 {{expects padding to be of shape [2, 2], but got [3, 2]}}
  %0 = "stablehlo.dynamic_conv"(%in, %k, %p) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<3x2xi64>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}
// -----
func.func @dynamic_conv_stride(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32> {
  %p = stablehlo.constant dense<1> : tensor<2x2xi64>
  // expected-error @+1 {{expects window to have positive stride for 1-th window dimension, but got 0.}}
  %0 = "stablehlo.dynamic_conv"(%in, %k, %p) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 1, 0>} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}
// -----
func.func @dynamic_conv_ok(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x?x?x16xf32> {
  %0 = "stablehlo.dynamic_conv"(%in, %k, %p) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x?x?x16xf32>
  return %0 : tensor<1x?x?x16xf32>
}

// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// StableHLO's inference (TypeInference.cpp) checked after the op's own
// verifier, each failure followed by MLIR's companion, and the verifiers
// of the collectives, the dynamic-shape ops and the transfer ops.

func.func @all_reduce_inferred(%a: tensor<10xf32>) -> tensor<10xi32> {
  // expected-error @+2 {{'stablehlo.all_reduce' op inferred type(s) 'tensor<10xf32>' are incompatible with return type(s) of operation 'tensor<10xi32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<10xf32>) -> tensor<10xi32>
  return %0 : tensor<10xi32>
}

// -----

func.func @reduce_scatter_rank(%a: tensor<4x16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{operand and result should have same rank}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64} : (tensor<4x16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

func.func @collective_broadcast_negative_id(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{replica_groups values must be positive, but was given -1}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_gather_negative_channel(%a: tensor<8x2xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{channel_id cannot be negative when useGlobalDeviceIds is set}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = -1, type = 0>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids} : (tensor<8x2xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @concatenate_scalars(%a: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+2 {{rank-0 values cannot be concatenated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "stablehlo.concatenate"(%a, %a) {dimension = 0 : i64} : (tensor<f32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @slice_list_sizes(%a: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{failed to verify that all of {start_indices, limit_indices, strides} have same size}}
  %0 = "stablehlo.slice"(%a) {start_indices = array<i64: 0>, limit_indices = array<i64: 2, 2>, strides = array<i64: 1>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @pad_bound(%a: tensor<?xf32, #stablehlo.bounds<4>>, %p: tensor<f32>) -> tensor<7xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<?xf32, #stablehlo.bounds<6>>' are incompatible with return type(s) of operation 'tensor<7xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.pad %a, %p, low = [1], high = [1], interior = [0] : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<f32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

func.func @dynamic_iota_shape(%s: tensor<2xi64>) -> tensor<3x4xf32> {
  %c = stablehlo.constant dense<[3, 5]> : tensor<2xi64>
  // expected-error @+1 {{output shape [3, 5] is incompatible with return type of operation 'tensor<3x4xf32>'}}
  %0 = stablehlo.dynamic_iota %c, dim = 0 : (tensor<2xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @dynamic_pad_types(%a: tensor<4xf32>, %p: tensor<f32>, %l: tensor<1xi64>, %h: tensor<1xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to verify that all of {edge_padding_low, edge_padding_high, interior_padding} have same type}}
  %0 = "stablehlo.dynamic_pad"(%a, %p, %l, %h, %l) : (tensor<4xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi32>, tensor<1xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @send_host_channel(%a: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error @+2 {{channel_type should be DEVICE_TO_HOST when is_host_transfer is true}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = true} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

func.func @custom_call_token_layout(%t: !stablehlo.token) -> tensor<2xf32> {
  // expected-error @+1 {{Only tensor types can have non-empty layout: operand #0 of type '!stablehlo.token' has layout dense<0> : tensor<1xindex>}}
  %0 = "stablehlo.custom_call"(%t) {call_target_name = "foo", operand_layouts = [dense<[0]> : tensor<1xindex>], result_layouts = [dense<[0]> : tensor<1xindex>]} : (!stablehlo.token) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @composite_operand_count(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{has 1 operand(s), but decomposition has 0}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @decomp} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @decomp() -> tensor<f32>

// -----

// expected-error @+1 {{Bounds length is 2, expected to be equal to rank(1) of the tensor 'tensor<?xf32>'}}
func.func @bounds_length(%a: tensor<?xf32, #stablehlo.bounds<3, 4>>) {
  return
}

// -----

func.func @two_functions_both_reported(%a: tensor<4xf32>) -> tensor<4xi1> {
  %0 = "stablehlo.is_finite"(%a) : (tensor<4xf32>) -> tensor<4xi1>
  // expected-error @+1 {{'stablehlo.is_finite' op all non-scalar operands/results must have the same shape and base type}}
  %1 = "stablehlo.is_finite"(%a) : (tensor<4xf32>) -> tensor<3xi1>
  return %0 : tensor<4xi1>
}
func.func @second(%a: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'stablehlo.abs' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  %0 = "stablehlo.abs"(%a) : (tensor<4xf32>) -> tensor<4xf64>
  // expected-error @-1 {{failed to infer returned types}}
  return %0 : tensor<4xf64>
}

// -----

func.func @select_and_scatter_source(%arg0: tensor<10x24x24x64xf32>, %arg1: tensor<10x12x12x64xf32>) -> tensor<10x24x24x64xf32> {
  %0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  // expected-error @+1 {{expects source-type to be 'tensor<10x8x12x64xf32>', but got'tensor<10x12x12x64xf32>'}}
  %1 = "stablehlo.select_and_scatter"(%arg0, %arg1, %0) ({
  ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
    %2 = stablehlo.compare GE, %arg3, %arg4, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %2 : tensor<i1>
  }, {
  ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
    %2 = stablehlo.add %arg3, %arg4 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 3, 2, 1>} : (tensor<10x24x24x64xf32>, tensor<10x12x12x64xf32>, tensor<f32>) -> tensor<10x24x24x64xf32>
  func.return %1 : tensor<10x24x24x64xf32>
}

// -----

func.func @select_and_scatter_select_return(%arg0: tensor<4xf32>, %arg1: tensor<2xf32>) -> tensor<4xf32> {
  %0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  // expected-error @+1 {{expects the return-type of select-region to be tensor<i1>, but got: 'tensor<f32>'}}
  %1 = "stablehlo.select_and_scatter"(%arg0, %arg1, %0) ({
  ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
    stablehlo.return %arg3 : tensor<f32>
  }, {
  ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
    %2 = stablehlo.add %arg3, %arg4 : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  func.return %1 : tensor<4xf32>
}

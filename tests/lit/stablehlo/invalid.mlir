// RUN: stablehlo-opt -split-input-file -verify-diagnostics %s
// StableHLO's errors for bad operands and attributes.

func.func @broadcast_rank(%a: tensor<4xf32>) -> tensor<4x8xf32> {
  // expected-error @below {{broadcast_dimensions size (2) does not match operand rank (1)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<4xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @broadcast_size(%a: tensor<3xf32>) -> tensor<4x8xf32> {
  // expected-error @below {{size of operand dimension 0 (3) is not equal to 1 or size of result dimension 0 (4)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<3xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @broadcast_out_of_range(%a: tensor<4xf32>) -> tensor<4x8xf32> {
  // expected-error @below {{broadcast_dimensions contains invalid value 2 for result with rank 2}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [2] : (tensor<4xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @transpose_perm(%a: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{attribute permutation must be a permutation of [0, 1] but got 1, 1}}
  %0 = stablehlo.transpose %a, dims = [1, 1] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @transpose_result(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{'stablehlo.transpose' op inferred type(s) 'tensor<8x4xf32>' are incompatible with return type(s) of operation 'tensor<4x8xf32>'}}
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @reshape_count(%a: tensor<4x8xf32>) -> tensor<30xf32> {
  // expected-error @below {{number of output elements (30) doesn't match expected number of elements (32)}}
  %0 = stablehlo.reshape %a : (tensor<4x8xf32>) -> tensor<30xf32>
  return %0 : tensor<30xf32>
}

// -----

func.func @slice_limit(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{limit index 9 is larger than dimension size 8 in dimension 1}}
  %0 = stablehlo.slice %a [0:4, 1:9] : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @slice_rank(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{the number of elements in start_indices (1) does not match the rank of the operand (2)}}
  %0 = stablehlo.slice %a [0:4] : (tensor<4x8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @concat_dim(%a: tensor<4x8xf32>) -> tensor<4x16xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{dimension 2 is out-of-bounds for input rank 2}}
  %0 = stablehlo.concatenate %a, %a, dim = 2 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @iota_scalar() -> tensor<i32> {
  // expected-error @below {{does not support scalars.}}
  %0 = stablehlo.iota dim = 0 : tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @iota_dim() -> tensor<4xi32> {
  // expected-error @below {{iota dimension cannot go beyond the output rank.}}
  %0 = stablehlo.iota dim = 1 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @elementwise_shapes(%a: tensor<4xf32>, %b: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.add' op requires the same shape for all operands and results}}
  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @bad_direction(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @below {{expected ::mlir::stablehlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
  // expected-error @below {{failed to parse StableHLO_ComparisonDirectionAttr parameter 'value' which is to be a `::mlir::stablehlo::ComparisonDirection`}}
  %0 = stablehlo.compare XX, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @conv_letters(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32> {
  // expected-error @below {{Unexpected dimension i, expecting b, f}}
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [i, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}

// -----

func.func @reduce_not_commutative(%a: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  // expected-error @below {{expected the inner-op to be a commutative binary-op from the stablehlo dialect, with zero region, producing single result}}
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.subtract across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @operand_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{2 operands present, but expected 1}}
  %0 = stablehlo.dot %a, %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @pad_interior(%a: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{Interior padding cannot be negative: -1}}
  %0 = stablehlo.pad %a, %s, low = [0], high = [0], interior = [-1] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @pad_result(%a: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{'stablehlo.pad' op inferred type(s) 'tensor<6xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  %0 = stablehlo.pad %a, %s, low = [1], high = [1], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_types(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{requires compatible types for non-predicate operands}}
  %0 = stablehlo.select %p, %a, %b : (tensor<4xi1>, tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @while_types(%n: tensor<i32>) -> tensor<i32> {
  // expected-error @below {{expect condition block return a zero-ranked tensor of i1 but got 'tensor<i32>'}}
  %0 = stablehlo.while(%i = %n) : tensor<i32>
    cond {
    stablehlo.return %i : tensor<i32>
  } do {
    stablehlo.return %i : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

func.func @dot_general_sizes(%a: tensor<4x8xf32>, %b: tensor<7x2xf32>) -> tensor<4x2xf32> {
  // expected-error @below {{contracting dimension sizes must match for lhs/rhs}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<7x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @dot_general_range(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>) -> tensor<4x2xf32> {
  // expected-error @below {{lhs_contracting_dimensions value: 2 is out of range: [0, 2)}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [2] x [0] : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @subtract_types(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.subtract' op requires compatible types for all operands and results}}
  %0 = stablehlo.subtract %a, %b : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @add_arity(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.add' op expected 2 operands, but found 1}}
  %0 = "stablehlo.add"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @while_regions(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.while' op expected 2 regions}}
  %0 = "stablehlo.while"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @abs_results(%a: tensor<4xf32>) {
  // expected-error @below {{'stablehlo.abs' op requires one result}}
  "stablehlo.abs"(%a) : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @reduce_dims(%a: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @below {{Out-of-bounds dimension 2, expected to be in range [0, 2)}}
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [2] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_result(%a: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<8xf32> {
  // expected-error @+2 {{'stablehlo.reduce' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<8xf32>'}}
  // expected-error @+1 {{'stablehlo.reduce' op failed to infer returned types}}
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @concat_shapes(%a: tensor<4x8xf32>, %b: tensor<4x7xf32>) -> tensor<8x8xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{shapes of operand (0) and (1) are not compatible at non-concat index 1: (4, 8) != (4, 7)}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<4x8xf32>, tensor<4x7xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @dynamic_slice_size(%a: tensor<4x8xf32>, %i: tensor<i32>) -> tensor<2x9xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{has slice size 9 greater than dimension size 8 in dimension 1 of operand}}
  %0 = stablehlo.dynamic_slice %a, %i, %i, sizes = [2, 9] : (tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x9xf32>
  return %0 : tensor<2x9xf32>
}

// -----

func.func @compare_types(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error @below {{'stablehlo.compare' op requires compatible element types for all operands}}
  %0 = stablehlo.compare LT, %a, %b : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @reverse_dims(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @below {{all dimensions should be between [0, 2). Got dimension: 2.}}
  %0 = stablehlo.reverse %a, dims = [2] : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @dimension_size(%a: tensor<4x8xf32>) -> tensor<i32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{requires dimension attribute in range [0, 2); found (2)}}
  %0 = stablehlo.get_dimension_size %a, dim = 2 : (tensor<4x8xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @tuple_index(%t: tuple<tensor<f32>>) -> tensor<f32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{index 1 is out of bounds of operand with size 1}}
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @missing_attr(%a: tensor<4xf32>) -> tensor<4x8xf32> {
  // expected-error @below {{'stablehlo.broadcast_in_dim' op requires attribute 'broadcast_dimensions'}}
  %0 = "stablehlo.broadcast_in_dim"(%a) : (tensor<4xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @attr_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.transpose' op attribute 'permutation' failed to satisfy constraint: i64 dense array attribute}}
  %0 = "stablehlo.transpose"(%a) {permutation = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @not_function_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{invalid kind of type specified: expected builtin.function, but found tensor<4xf32>}}
  %0 = stablehlo.reshape %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @custom_call_config(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.custom_call' op backend_config for api_version API_VERSION_ORIGINAL must be a string attribute.}}
  %0 = stablehlo.custom_call @foo(%a) {backend_config = {k = 1 : i64}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @case_types(%k: tensor<i32>, %a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{branch 0 and branch 1 have mismatched return types: 'tensor<4xf32>' vs 'tensor<4xi32>'}}
  %0 = "stablehlo.case"(%k) ({
    stablehlo.return %a : tensor<4xf32>
  }, {
    stablehlo.return %b : tensor<4xi32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @if_pred(%p: tensor<2xi1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{operand should be rank 0 tensor but got rank 1}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<4xf32>
  }, {
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<2xi1>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_comparator(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{comparator block argument #1 should be of type 'tensor<f32>' but got 'tensor<i32>'}}
  %0 = "stablehlo.sort"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<i32>):
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_reducer(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{Reduction-region must take 2 parameters, but takes 1 parameter(s)}}
  %0 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// custom_call's optional attributes of another kind are ODS constraint
// errors at its attr-dict (an api_version of another kind crashed
// -stablehlo-aggressive-simplification before; found by an attribute-kind sweep).
func.func @custom_call_api_version_of_another_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.custom_call' op attribute 'api_version' failed to satisfy constraint: Custom call API version}}
  %0 = stablehlo.custom_call @foo(%a) {api_version = [1, 2]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @custom_call_api_version_out_of_range(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.custom_call' op attribute 'api_version' failed to satisfy constraint: Custom call API version}}
  %0 = "stablehlo.custom_call"(%a) {call_target_name = "foo", api_version = 7 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @custom_call_has_side_effect_of_another_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.custom_call' op attribute 'has_side_effect' failed to satisfy constraint: bool attribute}}
  %0 = stablehlo.custom_call @foo(%a) {has_side_effect = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @custom_call_backend_config_of_another_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.custom_call' op attribute 'backend_config' failed to satisfy constraint: string attribute or dictionary of named attribute values}}
  %0 = stablehlo.custom_call @foo(%a) {backend_config = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The attributes ODS types as StableHLO enums or structs (and the elements
// of a constant) are constrained to that kind; another kind was accepted,
// and printed in a form nothing parses back (found by an attribute-kind
// sweep).
func.func @compare_direction_of_another_kind(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @below {{'stablehlo.compare' op attribute 'comparison_direction' failed to satisfy constraint: Which comparison operation to perform.}}
  %0 = "stablehlo.compare"(%a, %a) {comparison_direction = #chlo<comparison_direction LT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_type_of_another_kind(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @below {{'stablehlo.compare' op attribute 'compare_type' failed to satisfy constraint: Which comparison type to use.}}
  %0 = "stablehlo.compare"(%a, %a) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #chlo<comparison_type FLOAT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @constant_value_of_another_kind() -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.constant' op attribute 'value' failed to satisfy constraint: constant vector/tensor attribute}}
  %0 = "stablehlo.constant"() {value = "x"} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fft_type_of_another_kind(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @below {{'stablehlo.fft' op attribute 'fft_type' failed to satisfy constraint: XLA fast fourier transform type.}}
  %0 = "stablehlo.fft"(%a) {fft_type = "FFT", fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @dot_dimension_numbers_of_another_kind(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @below {{'stablehlo.dot_general' op attribute 'dot_dimension_numbers' failed to satisfy constraint: Attribute that models the dimension information for dot.}}
  %0 = "stablehlo.dot_general"(%a, %a) {dot_dimension_numbers = "x"} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @replica_groups_of_another_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.all_reduce' op attribute 'replica_groups' failed to satisfy constraint: 64-bit signless integer elements attribute or mesh and axes based replica groups representation.}}
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = "x"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @channel_handle_of_another_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.all_reduce' op attribute 'channel_handle' failed to satisfy constraint: two 64-bit integers 'handle' and 'type'}}
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = 3 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @rng_distribution_of_another_kind(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<1xi64>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.rng' op attribute 'rng_distribution' failed to satisfy constraint: XLA PRNG distribution to be used.}}
  %0 = "stablehlo.rng"(%a, %b, %s) {rng_distribution = #stablehlo<rng_algorithm DEFAULT>} : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @gather_dimension_numbers_of_another_kind(%a: tensor<4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4xf32> {
  // expected-error @below {{'stablehlo.gather' op attribute 'dimension_numbers' failed to satisfy constraint: Attribute that models the dimension information for gather}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.scatter<>, slice_sizes = array<i64: 1, 4>} : (tensor<4x4xf32>, tensor<2x1xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func private @decomposition(%a: tensor<4xf32>) -> tensor<4xf32>

func.func @composite_decomposition_of_another_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.composite' op attribute 'decomposition' failed to satisfy constraint: flat symbol reference attribute}}
  %0 = "stablehlo.composite"(%a) {name = "foo.bar", decomposition = "decomposition"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Optional attributes ODS constrains were not checked at all: a sort
// dimension of another kind crashed -stablehlo-aggressive-simplification
// (read as an integer; found by reading the pattern after the sweep).
func.func @sort_dimension_of_another_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.sort' op attribute 'dimension' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0 = "stablehlo.sort"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "stablehlo.compare"(%x, %y) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = "x"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @result_accuracy_of_another_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.exponential' op attribute 'result_accuracy' failed to satisfy constraint: The requested accuracy for transcendental unary ops.}}
  %0 = "stablehlo.exponential"(%a) {result_accuracy = #stablehlo.result_accuracy_mode<TOLERANCE>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @use_global_device_ids_of_another_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.all_reduce' op attribute 'use_global_device_ids' failed to satisfy constraint: unit attribute}}
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, use_global_device_ids = true} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @called_computations_of_another_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.custom_call' op attribute 'called_computations' failed to satisfy constraint: flat symbol ref array attribute}}
  %0 = stablehlo.custom_call @foo(%a) {called_computations = ["bar"]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @outfeed_config_of_another_kind(%a: tensor<4xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // expected-error @below {{'stablehlo.outfeed' op attribute 'outfeed_config' failed to satisfy constraint: string attribute}}
  %0 = "stablehlo.outfeed"(%a, %t) {outfeed_config = 1 : i32} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

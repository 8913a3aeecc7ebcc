// RUN: sdy_opt -split-input-file -allow-unregistered-dialect -verify-diagnostics %s
// mhlo.custom_call's output_operand_aliases are checked as MHLO's verifier
// does (verifyOutputOperandAliasing, the same checks and messages as
// StableHLO's): MHLO's aliases are opaque attributes here (sdy_opt does not
// register mhlo), read from their text. They went unchecked.

func.func @operand_index_out_of_range(%a: tensor<2x3xi32>) -> tensor<2x3xi32> {
  // expected-error @below {{'mhlo.custom_call' op expects operandIndex in the output_operand_alias attribute to be in range [0, 1); got: 1.}}
  %0 = mhlo.custom_call @foo(%a) {output_operand_aliases = [#mhlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @negative_operand_index(%a: tensor<2x3xi32>) -> tensor<2x3xi32> {
  // expected-error @below {{'mhlo.custom_call' op expects operandIndex in the output_operand_alias attribute to be in range [0, 1); got: -1.}}
  %0 = mhlo.custom_call @foo(%a) {output_operand_aliases = [#mhlo.output_operand_alias<output_tuple_indices = [], operand_index = -1, operand_tuple_indices = []>]} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @operand_tuple_indices_out_of_bounds(%a: tensor<2x3xi32>) -> tensor<2x3xi32> {
  // expected-error @below {{'mhlo.custom_call' op operand_tuple_indices in the output_operand_alias attribute out of bounds}}
  %0 = mhlo.custom_call @foo(%a) {output_operand_aliases = [#mhlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = [0]>]} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @output_tuple_indices_out_of_bounds(%a: tensor<2x3xi32>) -> tensor<2x3xi32> {
  // expected-error @below {{'mhlo.custom_call' op output_tuple_indices in the output_operand_alias attribute out of bounds}}
  %0 = mhlo.custom_call @foo(%a) {output_operand_aliases = [#mhlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @shapes_mismatch(%a: tensor<2x3xi32>) -> tensor<2x4xi32> {
  // expected-error @below {{'mhlo.custom_call' op shapes mismatch in the output_operand_alias attribute: operand part has type 'tensor<2x3xi32>' and output part has type 'tensor<2x4xi32>'}}
  %0 = mhlo.custom_call @foo(%a) {output_operand_aliases = [#mhlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2x3xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

func.func @tuple_parts(%a: tuple<tensor<2xf32>, tensor<3xf32>>, %b: tensor<4xf32>) -> (tensor<3xf32>, tensor<4xf32>) {
  %0:2 = mhlo.custom_call @foo(%a, %b) {output_operand_aliases = [#mhlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = [1]>, #mhlo.output_operand_alias<output_tuple_indices = [1], operand_index = 1, operand_tuple_indices = []>]} : (tuple<tensor<2xf32>, tensor<3xf32>>, tensor<4xf32>) -> (tensor<3xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<3xf32>, tensor<4xf32>
}

// -----

func.func @second_alias_mismatch(%a: tuple<tensor<2xf32>, tensor<3xf32>>, %b: tensor<4xf32>) -> (tensor<3xf32>, tensor<4xf32>) {
  // expected-error @below {{'mhlo.custom_call' op shapes mismatch in the output_operand_alias attribute: operand part has type 'tensor<2xf32>' and output part has type 'tensor<4xf32>'}}
  %0:2 = mhlo.custom_call @foo(%a, %b) {output_operand_aliases = [#mhlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = [1]>, #mhlo.output_operand_alias<output_tuple_indices = [1], operand_index = 0, operand_tuple_indices = [0]>]} : (tuple<tensor<2xf32>, tensor<3xf32>>, tensor<4xf32>) -> (tensor<3xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<3xf32>, tensor<4xf32>
}

// -----

// operand_index is an int64_t in MHLO: a 19-digit index is read and
// checked like any other (it went unchecked past 18 digits).
func.func @nineteen_digits(%a: tensor<2x3xi32>) -> tensor<2x3xi32> {
  // expected-error @below {{'mhlo.custom_call' op expects operandIndex in the output_operand_alias attribute to be in range [0, 1); got: 1000000000000000000.}}
  %0 = mhlo.custom_call @foo(%a) {output_operand_aliases = [#mhlo.output_operand_alias<output_tuple_indices = [], operand_index = 1000000000000000000, operand_tuple_indices = []>]} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @int64_min(%a: tensor<2x3xi32>) -> tensor<2x3xi32> {
  // expected-error @below {{'mhlo.custom_call' op expects operandIndex in the output_operand_alias attribute to be in range [0, 1); got: -9223372036854775808.}}
  %0 = mhlo.custom_call @foo(%a) {output_operand_aliases = [#mhlo.output_operand_alias<output_tuple_indices = [], operand_index = -9223372036854775808, operand_tuple_indices = []>]} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @leading_zeros(%a: tensor<2x3xi32>) -> tensor<2x3xi32> {
  // expected-error @below {{'mhlo.custom_call' op expects operandIndex in the output_operand_alias attribute to be in range [0, 1); got: 7.}}
  %0 = mhlo.custom_call @foo(%a) {output_operand_aliases = [#mhlo.output_operand_alias<output_tuple_indices = [], operand_index = 00000000000000000000007, operand_tuple_indices = []>]} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

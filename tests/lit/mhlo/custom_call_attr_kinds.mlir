// RUN: sdy_opt -split-input-file -allow-unregistered-dialect -verify-diagnostics %s
// mhlo.custom_call's attributes are constrained by MHLO's ODS (hlo_ops.td:
// StableHLO's kinds for most, MHLO's own custom_call_schedule enum and
// #mhlo.output_operand_alias elements): another kind is a constraint error.
// sharc checked none of them, and read MHLO's aliases (opaque attributes:
// sdy_opt does not register mhlo) as StableHLO's, each as operand 0, so a
// valid alias of another operand failed the shape check.

func.func @alias_of_operand_1(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = mhlo.custom_call @foo(%a, %b) {output_operand_aliases = [#mhlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (tensor<2xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @schedule(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = mhlo.custom_call @foo(%a) {custom_call_schedule = #mhlo<custom_call_schedule LATEST>} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @schedule_of_i32(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{'mhlo.custom_call' op attribute 'custom_call_schedule' failed to satisfy constraint: Specifies the desired schedule for the custom-call.}}
  %0 = mhlo.custom_call @foo(%a) {custom_call_schedule = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @stablehlo_alias(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{'mhlo.custom_call' op attribute 'output_operand_aliases' failed to satisfy constraint: Aliasing attribute for outputs and operands of CustomCall}}
  %0 = mhlo.custom_call @foo(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @side_effect_of_i32(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{'mhlo.custom_call' op attribute 'has_side_effect' failed to satisfy constraint: bool attribute}}
  %0 = mhlo.custom_call @foo(%a) {has_side_effect = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @backend_config_of_i32(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{'mhlo.custom_call' op attribute 'backend_config' failed to satisfy constraint: string attribute or dictionary of named attribute values}}
  %0 = mhlo.custom_call @foo(%a) {backend_config = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @api_version_out_of_range(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{'mhlo.custom_call' op attribute 'api_version' failed to satisfy constraint: Custom call API version}}
  %0 = mhlo.custom_call @foo(%a) {api_version = 7 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @called_computations_of_strings(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{'mhlo.custom_call' op attribute 'called_computations' failed to satisfy constraint: flat symbol ref array attribute}}
  %0 = mhlo.custom_call @foo(%a) {called_computations = ["x"]} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @operand_layouts_of_ints(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{'mhlo.custom_call' op attribute 'operand_layouts' failed to satisfy constraint: Array of layout (1D tensor of index type) attributes}}
  %0 = mhlo.custom_call @foo(%a) {operand_layouts = [1], result_layouts = [dense<0> : tensor<1xindex>]} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

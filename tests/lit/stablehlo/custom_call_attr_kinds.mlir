// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// custom_call's layout, aliasing and tiling attributes are constrained by
// ODS (StableHLO_ArrayOfLayoutAttr: an array of 1D index tensors;
// output_operand_aliases: an array of #stablehlo.output_operand_alias;
// StableHLO_ArrayOfTilingAttr: an array of arrays of 1D index tensors):
// another kind is a constraint error, as MLIR reports it when it parses
// the op; sharc accepted them, skipping its layout and alias checks.

func.func @operand_layouts_not_an_array(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.custom_call' op attribute 'operand_layouts' failed to satisfy constraint: Array of layout (1D tensor of index type) attributes}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = "x", result_layouts = [dense<0> : tensor<1xindex>]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @operand_layout_of_i64(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.custom_call' op attribute 'operand_layouts' failed to satisfy constraint: Array of layout (1D tensor of index type) attributes}}
  %0 = "stablehlo.custom_call"(%a) {call_target_name = "foo", operand_layouts = [dense<0> : tensor<1xi64>], result_layouts = [dense<0> : tensor<1xindex>]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @result_layout_of_rank_2(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.custom_call' op attribute 'result_layouts' failed to satisfy constraint: Array of layout (1D tensor of index type) attributes}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<0> : tensor<1x1xindex>]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @result_layout_not_elements(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.custom_call' op attribute 'result_layouts' failed to satisfy constraint: Array of layout (1D tensor of index type) attributes}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [array<i64: 0>]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @output_operand_alias_of_another_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.custom_call' op attribute 'output_operand_aliases' failed to satisfy constraint: Aliasing attribute for outputs and operands of CustomCall}}
  %0 = stablehlo.custom_call @foo(%a) {output_operand_aliases = [1 : i64]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @output_operand_aliases_not_an_array(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.custom_call' op attribute 'output_operand_aliases' failed to satisfy constraint: Aliasing attribute for outputs and operands of CustomCall}}
  %0 = "stablehlo.custom_call"(%a) {call_target_name = "foo", output_operand_aliases = #stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @result_tiling_not_nested(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.custom_call' op attribute 'result_tilings' failed to satisfy constraint: Array of tiling attributes}}
  %0 = stablehlo.custom_call @foo(%a) {result_tilings = [dense<0> : tensor<1xindex>]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @result_tiling_of_i32(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'stablehlo.custom_call' op attribute 'result_tilings' failed to satisfy constraint: Array of tiling attributes}}
  %0 = "stablehlo.custom_call"(%a) {call_target_name = "foo", result_tilings = [[dense<0> : tensor<1xi32>]]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The kinds ODS allows pass.
func.func @kinds_allowed(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_tilings = [[dense<[4, 2]> : tensor<2xindex>], []]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

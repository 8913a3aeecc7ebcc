// RUN: stablehlo-opt -split-input-file -verify-diagnostics %s
// CHLO's traits, verifiers and type inference.

// Shapes that do not broadcast infer an unranked result, which any result
// type is compatible with.
func.func @broadcast_incompatible(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_shape(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<3x3xf32> {
  // expected-error @below {{'chlo.broadcast_add' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<3x3xf32>'}}
  // expected-error @below {{failed to infer returned types}}
  %0 = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @same_element(%a: tensor<3xf32>, %b: tensor<3xf64>) -> tensor<3xf32> {
  // expected-error @below {{'chlo.broadcast_divide' op requires the same element type for all operands and results}}
  %0 = chlo.broadcast_divide %a, %b : (tensor<3xf32>, tensor<3xf64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @compare_result(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @below {{'chlo.broadcast_compare' op result #0 must be tensor of bool values, but got 'tensor<3xf32>'}}
  %0 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_direction EQ>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @unary_types(%a: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @below {{'chlo.erf' op operand #0 must be tensor of 4/6/8/16/32/64-bit float values, but got 'tensor<3xi32>'}}
  %0 = chlo.erf %a : tensor<3xi32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @scan_body_args(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @below {{'chlo.scan' op operand and body argument 0 are incompatible}}
  %0:2 = chlo.scan (%a) inits (%b) dimension = 0 {
  ^bb0(%x: tensor<2xf32>, %c: tensor<3xf32>):
    stablehlo.return %c, %c : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @scan_inferred(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<5x3xf32> {
  // expected-error @below {{'chlo.scan' op inferred type(s) 'tensor<2x3xf32>', 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<5x3xf32>', 'tensor<3xf32>'}}
  // expected-error @below {{failed to infer returned types}}
  %0:2 = chlo.scan (%a) inits (%b) dimension = 0 {
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %c, %c : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<5x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<5x3xf32>
}

// -----

func.func @ragged_dot_result(%a: tensor<2x3xf32>, %g: tensor<3xi64>) -> tensor<2x2xf32> {
  // expected-error @below {{inferred shape '[3, 2, 2]' is incompatible with return type of operation 'tensor<2x2xf32>'}}
  %0 = "chlo.ragged_dot"(%a, %a, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1]>} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @ragged_dot_precision(%a: tensor<2x3xf32>, %g: tensor<3xi64>) -> tensor<3x2x2xf32> {
  // expected-error @below {{expects precision config to be empty or have <= 2 elements, got 3}}
  %0 = "chlo.ragged_dot"(%a, %a, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1]>, precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>, #chlo<precision HIGH>]} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xi64>) -> tensor<3x2x2xf32>
  return %0 : tensor<3x2x2xf32>
}

// -----

func.func @scan_parse(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @below {{custom op 'chlo.scan' not enough result types to cover the required carries}}
  %0 = chlo.scan (%a) inits (%b) dimension = 0 {
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %c : tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> ()
  return %a : tensor<2x3xf32>
}

// -----

// expected-error @below {{expected ::mlir::chlo::Precision to be one of: DEFAULT, HIGH, HIGHEST}}
// expected-error @below {{failed to parse CHLO_PrecisionAttr parameter 'value' which is to be a `::mlir::chlo::Precision`}}
func.func private @f() attributes {p = #chlo<precision LOW>}

// -----

// broadcast_compare's enums must be chlo's (an attribute of another kind
// crashed -chlo-legalize-to-stablehlo before; found by fuzz_pass).
func.func @compare_type_of_another_kind(%a: tensor<2x3xf32>, %b: tensor<f32>) -> tensor<2x3xi1> {
  // expected-error @below {{'chlo.broadcast_compare' op attribute 'compare_type' failed to satisfy constraint: Which comparison type to use.}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type TOTALORDER>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @comparison_direction_of_another_kind(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xi1> {
  // expected-error @below {{'chlo.broadcast_compare' op attribute 'comparison_direction' failed to satisfy constraint: Which comparison operation to perform.}}
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = 1 : i32} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// Attributes of another kind on chlo ops are ODS constraint errors, as MLIR
// reports them when it parses the op (each crashed the verifier or
// -chlo-legalize-to-stablehlo before; found by an attribute-kind sweep).
func.func @top_k_k_of_another_kind(%a: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @below {{'chlo.top_k' op attribute 'k' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0:2 = "chlo.top_k"(%a) {k = #chlo<comparison_direction LT>} : (tensor<3xf32>) -> (tensor<2xf32>, tensor<2xi32>)
  return %0#0 : tensor<2xf32>
}

// -----

func.func @top_k_k_custom_of_another_kind(%a: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @below {{custom op 'chlo.top_k' invalid kind of attribute specified}}
  %0:2 = chlo.top_k(%a, k = #chlo<comparison_direction LT>) : tensor<3xf32> -> (tensor<2xf32>, tensor<2xi32>)
  return %0#0 : tensor<2xf32>
}

// -----

func.func @top_k_is_stable_custom_of_another_kind(%a: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @below {{custom op 'chlo.top_k' invalid kind of attribute specified}}
  %0:2 = chlo.top_k(%a, k = 2, is_stable = i32) : tensor<3xf32> -> (tensor<2xf32>, tensor<2xi32>)
  return %0#0 : tensor<2xf32>
}

// -----

func.func @top_k_is_stable_of_another_kind(%a: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @below {{'chlo.top_k' op attribute 'is_stable' failed to satisfy constraint: bool attribute}}
  %0:2 = "chlo.top_k"(%a) {k = 2 : i64, is_stable = 1 : i32} : (tensor<3xf32>) -> (tensor<2xf32>, tensor<2xi32>)
  return %0#0 : tensor<2xf32>
}

// -----

func.func @scan_dim_size_of_another_kind(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @below {{'chlo.scan' op attribute 'scan_dim_size' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %0:2 = chlo.scan (%a) inits (%b) dimension = 0 attributes {scan_dim_size = #stablehlo<rng_distribution UNIFORM>} {
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    %s = stablehlo.add %x, %c : tensor<3xf32>
    stablehlo.return %s, %s : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @scan_is_reverse_of_another_kind(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @below {{'chlo.scan' op attribute 'is_reverse' failed to satisfy constraint: bool attribute}}
  %0:2 = chlo.scan (%a) inits (%b) dimension = 0 attributes {is_reverse = "yes"} {
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    %s = stablehlo.add %x, %c : tensor<3xf32>
    stablehlo.return %s, %s : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @ragged_dot_precision_of_another_kind(%a: tensor<2x3xf32>, %g: tensor<3xi64>) -> tensor<3x2x2xf32> {
  // expected-error @below {{'chlo.ragged_dot' op attribute 'precision_config' failed to satisfy constraint: Precision Config attribute}}
  %0 = "chlo.ragged_dot"(%a, %a, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1]>, precision_config = array<i32: 1>} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xi64>) -> tensor<3x2x2xf32>
  return %0 : tensor<3x2x2xf32>
}

// -----

func.func @ragged_dot_precision_of_stablehlo(%a: tensor<2x3xf32>, %g: tensor<3xi64>) -> tensor<3x2x2xf32> {
  // expected-error @below {{'chlo.ragged_dot' op attribute 'precision_config' failed to satisfy constraint: Precision Config attribute}}
  %0 = "chlo.ragged_dot"(%a, %a, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1]>, precision_config = [#stablehlo<precision HIGH>]} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xi64>) -> tensor<3x2x2xf32>
  return %0 : tensor<3x2x2xf32>
}

// -----

func.func @broadcast_dimensions_of_another_kind(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @below {{'chlo.broadcast_add' op attribute 'broadcast_dimensions' failed to satisfy constraint: i64 dense array attribute}}
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i32: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @constant_value_of_another_kind() -> tensor<2xf32> {
  // expected-error @below {{'chlo.constant' op attribute 'value' failed to satisfy constraint: constant vector/tensor attribute}}
  %0 = "chlo.constant"() {value = 1.0 : f32} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// scan's segment sizes must add up to its operands (more inputs than
// operands read past them before); MLIR's verifyValueSizeAttr.
func.func @scan_segments_past_operands(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @below {{'chlo.scan' op operand count (2) does not match with the total size (5) specified in attribute 'operandSegmentSizes'}}
  %0:2 = "chlo.scan"(%a, %b) ({
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    "stablehlo.return"(%x, %c) : (tensor<3xf32>, tensor<3xf32>) -> ()
  }) {dimension = 0 : i64, operandSegmentSizes = array<i32: 5, 0>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @scan_segments_negative(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @below {{'chlo.scan' op 'operandSegmentSizes' attribute cannot have negative elements}}
  %0:2 = "chlo.scan"(%a, %b) ({
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    "stablehlo.return"(%x, %c) : (tensor<3xf32>, tensor<3xf32>) -> ()
  }) {dimension = 0 : i64, operandSegmentSizes = array<i32: -1, 3>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// Sizes of another kind are not kept (MLIR's setInherentAttr drops them):
// none, which adds up to zero.
func.func @scan_segments_of_another_kind(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @below {{'chlo.scan' op result count (2) does not match with the total size (0) specified in attribute 'resultSegmentSizes'}}
  %0:2 = "chlo.scan"(%a, %b) ({
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    "stablehlo.return"(%x, %c) : (tensor<3xf32>, tensor<3xf32>) -> ()
  }) {dimension = 0 : i64, operandSegmentSizes = array<i32: 1, 1>, resultSegmentSizes = array<i64: 1, 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// constant_like's value is a TypedAttr (mlir-opt-22's arith.constant says
// the same of an array).
func.func @constant_like_value_untyped(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{'chlo.constant_like' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %0 = "chlo.constant_like"(%a) {value = array<i64: 1>} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

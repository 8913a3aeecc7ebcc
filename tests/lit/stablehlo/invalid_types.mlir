// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// ODS's operand and result type constraints, from the op table's `types`.

func.func @not_float(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @below {{'stablehlo.sqrt' op operand #0 must be ranked tensor of 4/6/8/16/32/64-bit float or complex type with 32/64-bit float elements or per-tensor integer quantized values, but got 'tensor<4xi32>'}}
  %0 = stablehlo.sqrt %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @unranked(%a: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @below {{'stablehlo.add' op operand #0 must be ranked tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized or per-axis integer quantized values, but got 'tensor<*xf32>'}}
  %0 = stablehlo.add %a, %a : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @pred_required(%p: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @below {{'stablehlo.select' op operand #0 must be ranked tensor of bool values, but got 'tensor<i32>'}}
  %0 = "stablehlo.select"(%p, %a, %a) : (tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @compare_result(%a: tensor<2xf32>) -> tensor<2xi32> {
  // expected-error @below {{'stablehlo.compare' op result #0 must be ranked tensor of bool values, but got 'tensor<2xi32>'}}
  %0 = "stablehlo.compare"(%a, %a) {comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @signed_int(%a: tensor<2xsi32>) -> tensor<2xsi32> {
  // expected-error @below {{'stablehlo.popcnt' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit integer values, but got 'tensor<2xsi32>'}}
  %0 = stablehlo.popcnt %a : tensor<2xsi32>
  return %0 : tensor<2xsi32>
}

// -----

func.func @scalar_index(%a: tensor<4xf32>, %i: tensor<1xi32>) -> tensor<2xf32> {
  // expected-error @below {{'stablehlo.dynamic_slice' op operand #1 must be variadic of 0D tensor of 2/4/8/16/32/64-bit integer values, but got 'tensor<1xi32>'}}
  %0 = "stablehlo.dynamic_slice"(%a, %i) {slice_sizes = array<i64: 2>} : (tensor<4xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @token_operand(%a: tensor<f32>) -> !stablehlo.token {
  // expected-error @below {{'stablehlo.after_all' op operand #0 must be variadic of token, but got 'tensor<f32>'}}
  %0 = "stablehlo.after_all"(%a) : (tensor<f32>) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

func.func @barrier_operand(%a: tensor<f32>, %b: tuple<tensor<f32>>) -> (tensor<f32>, tuple<tensor<f32>>) {
  // expected-error @below {{'stablehlo.optimization_barrier' op operand #1 must be variadic of ranked tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized values or token, but got 'tuple<tensor<f32>>'}}
  %0:2 = "stablehlo.optimization_barrier"(%a, %b) : (tensor<f32>, tuple<tensor<f32>>) -> (tensor<f32>, tuple<tensor<f32>>)
  return %0#0, %0#1 : tensor<f32>, tuple<tensor<f32>>
}

// -----

func.func @complex_of_f16(%a: tensor<2xf16>) -> tensor<2xcomplex<f16>> {
  // expected-error @below {{'stablehlo.complex' op operand #0 must be ranked tensor of 32/64-bit float values, but got 'tensor<2xf16>'}}
  %0 = "stablehlo.complex"(%a, %a) : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xcomplex<f16>>
  return %0 : tensor<2xcomplex<f16>>
}

// -----

func.func @valid(%a: tensor<4xui8>, %p: tensor<4xi1>, %c: tensor<2xcomplex<f64>>) -> tensor<4xui8> {
  %0 = stablehlo.popcnt %a : tensor<4xui8>
  %1 = stablehlo.not %p : tensor<4xi1>
  %2 = stablehlo.sqrt %c : tensor<2xcomplex<f64>>
  return %0 : tensor<4xui8>
}

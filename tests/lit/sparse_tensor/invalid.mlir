// RUN: stablehlo-opt -split-input-file -verify-diagnostics %s
// The encoding's own verifier and the tensor-type checks (verifyEncoding),
// with mlir-opt-22's messages.

// expected-error @+1 {{unexpected position bitwidth: 7}}
func.func @f(%a: tensor<4xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed), posWidth = 7 }>>)

// -----

// expected-error @+1 {{unknown level format: bogus}}
func.func @f(%a: tensor<4xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : bogus) }>>)

// -----

// expected-error @+1 {{invalid level type: level format doesn't support the properties}}
func.func @f(%a: tensor<4xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : dense(nonunique)) }>>)

// -----

// expected-error @+1 {{unexpected key: foo}}
func.func @f(%a: tensor<4xf32, #sparse_tensor.encoding<{ foo = 1 }>>)

// -----

// expected-error @+1 {{expected compressed or loose_compressed level before singleton level}}
func.func @f(%a: tensor<4x4xf32, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : singleton, d1 : compressed) }>>)

// -----

// expected-error @+1 {{implicit value must be zero}}
func.func @f(%a: tensor<4xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed), implicitVal = 1.0 : f32 }>>)

// -----

// expected-error @+1 {{explicit value type mismatch between encoding and tensor element type: 'f64' != 'f32'}}
func.func @f(%a: tensor<4xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed), explicitVal = 1.0 : f64 }>>)

// -----

// expected-error @+1 {{expect positive value or ? for slice size}}
func.func @f(%a: tensor<4xf32, #sparse_tensor.encoding<{ map = (d0 : #sparse_tensor<slice(1, 0, 1)>) -> (d0 : compressed) }>>)

// -----

// expected-error @+1 {{failed to infer lvlToDim from dimToLvl}}
func.func @f(%a: tensor<4xf32, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed) }>>)

// -----

// expected-error @+1 {{dimension-rank mismatch between encoding and tensor shape: 2 != 1}}
func.func @f(%a: tensor<4xf32, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : dense) }>>)

// -----

// expected-error @+1 {{expected non-scalar sparse tensor}}
func.func @f(%a: tensor<f32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>>)

// -----

// expected-error @+1 {{expected coeffiencts of Affine expressions to be equal to m of n_out_of_m level}}
func.func @f(%a: tensor<8x8xf32, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 floordiv 4 : dense, d1 mod 4 : structured[2, 3]) }>>)

// -----

// expected-error @+1 {{Level-rank mismatch between forward-declarations and specifiers. Declared 2 level-variables; but got 1 level-specifiers.}}
func.func @f(%a: tensor<4xf32, #sparse_tensor.encoding<{ map = {l0, l1} (d0 = l0) -> (l0 = d0 : dense) }>>)

// -----

// expected-error @+1 {{expected all singleton lvlTypes stored in the same memory layout (SoA vs AoS).}}
func.func @f(%a: tensor<8x4xf32, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : singleton(soa), d1 : singleton) }>>)

// -----

// expected-error @+1 {{unknown attribute `bogus` in dialect `sparse_tensor`}}
func.func @f(%a: tensor<8xf32, #sparse_tensor.bogus<{}>>)

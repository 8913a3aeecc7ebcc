// RUN: stablehlo-opt -split-input-file -verify-diagnostics %s
// The shape ops in the generic form: MLIR checks their properties as it
// reads them (setPropertiesFromAttr), and an op without properties takes
// no `<{...}>`, not even an empty one. The same file passes mlir-opt-22
// -verify-diagnostics.

func.func @f(%a: tensor<2x3xf32>) -> tensor<2xindex> {
  // expected-error @+1 {{invalid properties {} for op shape.shape_of: this operation does not support properties}}
  %0 = "shape.shape_of"(%a) <{}> : (tensor<2x3xf32>) -> tensor<2xindex>
  return %0 : tensor<2xindex>
}

// -----

func.func @f() -> tensor<1xindex> {
  // expected-error @+1 {{invalid properties {shape = 3 : i64} for op shape.const_shape: Invalid attribute `shape` in property conversion: 3 : i64}}
  %0 = "shape.const_shape"() <{shape = 3}> : () -> tensor<1xindex>
  return %0 : tensor<1xindex>
}

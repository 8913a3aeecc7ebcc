// ERROR: 4:8: 'shape.const_shape' op inferred type(s) 'tensor<2xindex>' are incompatible with return type(s) of op
// Two extents make no extent tensor of three.
func.func @f() -> tensor<3xindex> {
  %0 = shape.const_shape [1, 2] : tensor<3xindex>
  return %0 : tensor<3xindex>
}

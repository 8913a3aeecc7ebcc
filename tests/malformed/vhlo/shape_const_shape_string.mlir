// ERROR: 4:26: custom op 'shape.const_shape' expected an array of integer extents
// An attribute that is no array.
func.func @f() -> tensor<1xindex> {
  %0 = shape.const_shape "x" : tensor<1xindex>
  return %0 : tensor<1xindex>
}

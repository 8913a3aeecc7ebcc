// ERROR: 4:30: integer literal not valid for specified type
// A truncated extent list: the type after the last extent is taken as its type.
func.func @f() -> tensor<2xindex> {
  %0 = shape.const_shape [1, 2 : tensor<2xindex>
  return %0 : tensor<2xindex>
}

// ERROR: 4:26: integer literal not valid for specified type
// shape.const_shape takes its extents as an array of integers (a bare integer reads its type).
func.func @f() -> tensor<1xindex> {
  %0 = shape.const_shape 3 : tensor<1xindex>
  return %0 : tensor<1xindex>
}

// ERROR: 4:8: 'shape.shape_of' op result #0 must be shape or extent tensor, but got 'tensor<2xi32>'
// The shape of a tensor is an extent tensor (of index).
func.func @f(%arg0: tensor<2x3xf32>) -> tensor<2xi32> {
  %0 = shape.shape_of %arg0 : tensor<2x3xf32> -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

func.func @f(%arg0: tensor<?xf32>, %arg1: tensor<2x3xf32>) -> (tensor<2xindex>, tensor<2xindex>, tensor<?x?xf32>) {
  %0 = shape.const_shape [4, 2] : tensor<2xindex>
  %1 = shape.shape_of %arg1 {a = 1 : i64} : tensor<2x3xf32> -> tensor<2xindex>
  %2 = stablehlo.dynamic_reshape %arg0, %0 : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %3 = arith.index_cast %1 : tensor<2xindex> to tensor<2xi64>
  return %0, %1, %2 : tensor<2xindex>, tensor<2xindex>, tensor<?x?xf32>
}

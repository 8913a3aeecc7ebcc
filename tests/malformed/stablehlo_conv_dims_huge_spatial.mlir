// ERROR: 4:80: custom op 'stablehlo.convolution' Expected spatial dimensions 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 not specified
// NO-UNREGISTERED
func.func @f(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32> {
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 9223372036854775807, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}

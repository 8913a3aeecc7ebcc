// stablehlo_testdata's concatenate_complex128_2_3 on x=6: %arg0's rows on
// "x":(1)2, %arg1's columns on "x":(1)3, sub-axes that overlap but cannot
// coexist; %arg0 is resharded to [{}, {"x":(1)3}] (tests/partitioner/README.md).
sdy.mesh @mesh = <["x"=6]>
func.func @main(%arg0: tensor<2x3xcomplex<f64>> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {}]>}, %arg1: tensor<2x3xcomplex<f64>> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x":(1)3}]>}) -> tensor<4x3xcomplex<f64>> {
  %2 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<2x3xcomplex<f64>>, tensor<2x3xcomplex<f64>>) -> tensor<4x3xcomplex<f64>>
  return %2 : tensor<4x3xcomplex<f64>>
}

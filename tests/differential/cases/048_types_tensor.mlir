"builtin.module"() ({
  %0:12 = "foo.tt"() : () -> (tensor<f32>, tensor<?xf32>, tensor<2x?x3xi8>, tensor<*xf32>, tensor<4xf32, "enc">, tensor<4xf32, #a.enc>, tensor<0xi1>, tensor<?x?xf32, {a = 1}>, tensor<1x2x3x4x5x6x7x8xcomplex<f32>>, tensor<*xi1>, tensor<4x!foo.t>, tensor<2xvector<4xf32>>)
  "foo.use"(%0#3) : (tensor<*xf32>) -> ()
}) : () -> ()

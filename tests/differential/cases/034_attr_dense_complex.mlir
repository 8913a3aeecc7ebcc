"builtin.module"() ({
  "foo.dc"() {f = dense<(1.0, 2.0)> : tensor<complex<f32>>, g = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>, t = dense<[(1.0, 0.0), (1.0, 0.0)]> : tensor<2xcomplex<f64>>, u = dense<[[(0.5, -0.5)], [(1.5, 2.5)]]> : tensor<2x1xcomplex<f16>>, v = dense<(-1, 255)> : tensor<3xcomplex<i8>>, w = dense<[(1.0, 0.1)]> : tensor<1xcomplex<bf16>>} : () -> ()
}) : () -> ()

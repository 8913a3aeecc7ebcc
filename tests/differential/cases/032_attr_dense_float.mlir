"builtin.module"() ({
  "foo.df"() {e = dense<[1.0, 2.0]> : tensor<2xf32>, o = dense<1.5> : vector<4xf16>, q = dense<[[], []]> : tensor<2x0xf32>, s = dense<[0x7FC00000, 1.0]> : tensor<2xf32>, a = dense<[0.1, 0.2, 0.3]> : tensor<3xf64>, b = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xbf16>, c = dense<0.0> : tensor<4x4xf32>, d = dense<[1.0, 1.0, 1.0]> : tensor<3xf64>, f = dense<-0.0> : tensor<2xf16>, g = dense<[123456789.0, 1.0]> : tensor<2xf32>, h = dense<[1.0e-5, 3.0e20]> : tensor<2xf64>, i = dense<2.0> : tensor<f8E4M3FN>} : () -> ()
}) : () -> ()

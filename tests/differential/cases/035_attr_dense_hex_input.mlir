"builtin.module"() ({
  "foo.dh"() {k = dense<"0x01000000020000000300000004000000"> : tensor<4xi32>, l = dense<"0x01000000"> : tensor<4xi32>, u = dense<"0x0102"> : tensor<2xi8>, f = dense<"0x0000803F00000040"> : tensor<2xf32>, s = dense<"0x0000C07F"> : tensor<3xf32>, b = dense<"0x01"> : tensor<5xi1>, c = dense<"0x0000803F00000000"> : tensor<complex<f32>>, d = dense<"0xFFFFFFFFFFFFFFFF"> : tensor<2xi32>, e = dense<"0x0100020003000400"> : tensor<2x2xui16>} : () -> ()
}) : () -> ()

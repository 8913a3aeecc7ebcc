"foo.op"() : () -> (tensor<4x?x8xf32>, tensor<*xi32>, tensor<f32>, vector<4x[8]xf32>, memref<4x4xf32, strided<[4, 1], offset: ?>, 1>, memref<*xf32>, complex<f64>, tuple<i32, tuple<>>)

"builtin.module"() ({
  %0:16 = "foo.tm"() : () -> (memref<4xf32>, memref<?x4xf32, 1>, memref<4xf32, strided<[1], offset: ?>>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<*xf32>, memref<*xf32, 2>, memref<f32>, memref<4xf32, strided<[?], offset: 0>>, memref<2x3xf32, strided<[3, 1]>>, memref<4xf32, 1 : i32>, memref<4xf32, affine_map<(d0) -> (d0 + 1)>, 3>, memref<4xf32, strided<[1]>>, memref<4xf32, affine_map<(d0) -> (d0)>>, memref<4xf32, "sp">, memref<4xf32, 0>, memref<?x?xi8, strided<[?, 1], offset: 4>, 5>)
}) : () -> ()

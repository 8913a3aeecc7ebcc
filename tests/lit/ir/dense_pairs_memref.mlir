// A complex pair in a tensor of a non-complex element type counts as two
// scalars of the literal's flat storage, as in MLIR's TensorLiteralParser
// (all scalars equal: a splat; otherwise the first N are the elements);
// dense literals of memref type; the edges of the signed ranges.
// RUN: sdy_opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK: "foo.a"() {a = dense<1> : tensor<i32>, b = dense<1> : tensor<3xi32>, c = dense<[1, 1]> : tensor<2xi32>, d = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, e = dense<[1, 2]> : tensor<2xi32>, f = dense<{{\[\[}}1], [2{{\]\]}}> : tensor<2x1xi32>, g = dense<1> : tensor<1xi8>, h = dense<> : tensor<0xi32>, i = dense<[1, 2]> : tensor<2xindex>} : () -> ()
// CHECK: "foo.b"() {a = dense<[1, 2]> : memref<2xi32>, b = dense<true> : memref<i1>, c = dense<{{\[\[}}1.500000e+00, 2.000000e+00{{\]\]}}> : memref<1x2xf32, strided<[2, 1]>>, d = dense<(1,2)> : memref<complex<i32>>, e = dense<1> : memref<2xi32, 1>, f = array<i1: true, false>, g = -128 : si8, h = true, i = dense<true> : tensor<2xsi1>} : () -> ()

"foo.a"() {a = dense<(1, 2)> : tensor<i32>, b = dense<(1, 1)> : tensor<3xi32>, c = dense<[(1, 1), (1, 2)]> : tensor<2xi32>, d = dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xf32>, e = dense<[(1, 2), 3]> : tensor<2xi32>, f = dense<[[(1, 2)], [(3, 4)]]> : tensor<2x1xi32>, g = dense<[(1, 2)]> : tensor<1xi8>, h = dense<(1, 2)> : tensor<0xi32>, i = dense<(1, 2)> : tensor<2xindex>} : () -> ()
"foo.b"() {a = dense<[1, 2]> : memref<2xi32>, b = dense<true> : memref<i1>, c = dense<[[1.5, 2.0]]> : memref<1x2xf32, strided<[2, 1]>>, d = dense<(1, 2)> : memref<complex<i32>>, e = dense<1> : memref<2xi32, 1>, f = array<i1: true, false>, g = -128 : si8, h = -1 : i1, i = dense<-1> : tensor<2xsi1>} : () -> ()

// Elements attributes: splats and not, empty, at and around the limits,
// i1, floats, complex, strings, a resource, inside ops and properties.
func.func @f() -> (tensor<3xi32>, tensor<101xi8>) {
  %0 = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %1 = arith.constant dense<5> : tensor<101xi8>
  %2 = arith.constant dense<[[1.5, 2.0], [-3.0, 4.25]]> : tensor<2x2xf32>
  %3 = arith.constant dense<[true, false, true, true]> : tensor<4xi1>
  %4 = arith.constant dense<> : tensor<0xi32>
  %5 = arith.constant dense<7> : tensor<2xi64>
  "test.use"(%2, %3, %4, %5) {a = dense<[1, 2]> : tensor<2xi16>, b = dense<"s"> : tensor<3x!llvm.ptr>, c = dense<["a", "bc"]> : tensor<2x!llvm.ptr>, d = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>, e = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]> : tensor<101xi32>, f = dense<1.0> : tensor<4xf16>, g = array<i32: 1, 2, 3>} : (tensor<2x2xf32>, tensor<4xi1>, tensor<0xi32>, tensor<2xi64>) -> ()
  "test.props"() <{p = dense<[1, 2, 3, 4]> : tensor<4xi8>}> : () -> ()
  return %0, %1 : tensor<3xi32>, tensor<101xi8>
}

// Sparse elements attributes: lone and listed indices, no indices, values
// around the hex and elision limits (the indices never in hex), strings,
// complex, i1, in an op's attributes and as arith.constant's property.
func.func @f(%a: i32) -> (tensor<3xi32>, tensor<4x4xf32>) {
  %0 = arith.constant sparse<[0], [1]> : tensor<3xi32>
  %1 = arith.constant sparse<[[0, 0], [1, 1], [2, 2], [3, 3]], [1.0, 2.0, 3.0, 4.5]> : tensor<4x4xf32>
  %2 = "test.op"(%a) {
    a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>,
    b = sparse<[[0, 0]], [7]> : tensor<3x4xi32>,
    c = sparse<> : tensor<3xf32>,
    d = sparse<1, 2.0> : tensor<3xf32>,
    e = sparse<[0, 2, 4], [1, 2, 3]> : tensor<5xi8>,
    f = sparse<[0], ["a"]> : tensor<3x!foo.t>,
    g = sparse<[0], [(1.0, 2.0)]> : tensor<3xcomplex<f32>>,
    h = sparse<[[0], [1]], [true, false]> : tensor<3xi1>,
    i = sparse<[[0], [1]], 5> : tensor<3xi16>
  } : (i32) -> i32
  return %0, %1 : tensor<3xi32>, tensor<4x4xf32>
}

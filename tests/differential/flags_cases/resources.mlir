// Resources: blobs and external resources of every kind, some longer than
// the limits tried, some groups left empty by them.
func.func @f() -> (tensor<2xi32>, tensor<3xi32>) {
  %0 = arith.constant dense_resource<blob1> : tensor<2xi32>
  %1 = arith.constant dense_resource<blob2> : tensor<3xi32>
  return %0, %1 : tensor<2xi32>, tensor<3xi32>
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      blob2: "0x04000000010000000200000003000000"
    }
  },
  external_resources: {
    ext: {
      k1: "short",
      k2: "a much longer string value here",
      k3: true
    },
    other: {
      long: "0123456789012345678901234567890123456789"
    },
    last: {
      x: false
    }
  }
#-}

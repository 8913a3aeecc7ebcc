"builtin.module"() ({
  "foo.res"() {s = dense_resource<zeta> : tensor<2xi32>, x = dense_resource<alpha> : tensor<3xi32>} : () -> ()
  "foo.res"() {x = dense_resource<mid> : tensor<1xi32>, y = dense_resource<zeta> : tensor<2xi32>} : () -> ()
  "foo.res"() {e = dense_resource<__elided__> : tensor<2xf32>} : () -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      alpha: "0x04000000010000000200000003000000",
      zeta: "0x040000000100000002000000",
      unused: "0x04000000FF",
      mid: "0x0400000007000000"
    }
  }
#-}

"foo.op"() {r = dense_resource<blob1> : tensor<1xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000A000000"
    }
  }
#-}

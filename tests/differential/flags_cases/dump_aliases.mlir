// A function dumped on its own prints with local scope: aliases inline,
// no resources after it; the module dumped prints both.
func.func @f(%a: i32) -> i32 {
  %0 = "test.op"(%a) {m = affine_map<(d0) -> (d0 + 1)>, l = loc("x"), s = dense_resource<blob1> : tensor<2xi32>} : (i32) -> i32
  return %0 : i32
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}

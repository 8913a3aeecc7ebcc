// The module tests/malformed/bytecode/run.sh writes as bytecode and then
// truncates and corrupts: builtin and func ops, dialect attributes written as
// text, a dense resource, locations, block arguments and successors.
module {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
    %0 = stablehlo.add %arg0, %arg0 : tensor<8x8xf32>
    %1 = stablehlo.constant dense_resource<blob1> : tensor<2xi32>
    %2 = "foo.op"(%0) ({
    ^bb0(%a: i32 loc("a.py":3:4)):
      "foo.br"()[^bb1] : () -> ()
    ^bb1:
      "foo.yield"(%a) : (i32) -> ()
    }) {x = array<i64: 1, 2>, y = [1.5 : f32, "s", @sym::@nested]} : (tensor<8x8xf32>) -> tensor<8x8xf32> loc(fused["f.py":1:2, "n"])
    return %2 : tensor<8x8xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}

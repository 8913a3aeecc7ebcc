// Names from NameLocs: results, entry and other block arguments, hooks'
// names replaced, names to sanitize, conflicts, nested and sibling regions.
func.func @f(%a: i32 loc("input"), %b: i32 loc("1st arg"), %c: i32) -> i32 {
  %cst = arith.constant 1 : i32 loc("one")
  %0 = "test.op"(%a, %cst) : (i32, i32) -> i32 loc("sum")
  %1 = "test.op"(%0) : (i32) -> i32 loc("sum")
  %2 = "test.op"(%1) : (i32) -> i32 loc(fused["fused name", "f.mlir":1:2])
  %3 = "test.op"(%2) : (i32) -> i32 loc(callsite("callee" at "caller"))
  %4 = "test.op"(%3) : (i32) -> i32 loc("outer"("inner"))
  %5:2 = "test.pair"(%4) : (i32) -> (i32, i32) loc("pair")
  %6 = "test.op"(%5#1) : (i32) -> i32 loc("a!b\09c")
  %7 = "test.op"(%6) : (i32) -> i32 loc("")
  %8 = "test.op"(%7) : (i32) -> i32 loc("arg0")
  %9 = "test.op"(%8) : (i32) -> i32 loc("\C3\A9t\C3\A9")
  %10 = "test.region"(%9) ({
  ^bb0(%x: i32 loc("sum"), %y: i32):
    %11 = "test.op"(%x, %y) : (i32, i32) -> i32 loc("sum")
    "test.br"(%11)[^bb1] : (i32) -> ()
  ^bb1(%z: i32 loc("blockarg")):
    "test.yield"(%z) : (i32) -> ()
  }, {
  ^bb0(%x: i32):
    %12 = "test.op"(%x) : (i32) -> i32 loc("sum")
    "test.yield"(%12) : (i32) -> ()
  }) : (i32) -> i32 loc("region")
  %13 = "test.op"(%10, %b, %c) : (i32, i32, i32) -> i32 loc("-dash.dot$")
  return %13 : i32 loc("ret")
}
func.func @g(%a: i32 loc("sum")) -> i32 {
  %0 = "test.op"(%a) : (i32) -> i32 loc("sum")
  return %0 : i32
}

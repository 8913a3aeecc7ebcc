module {
  func.func @f(%a: i32 {a.x} loc("arg_a"), %b: f32 loc(callsite("x" at "y":1:1))) -> (i32 {a.res}) {
    %0 = "foo.op"(%a, %b) : (i32, f32) -> i32 loc(fused["p", "q"])
    return %0 : i32 loc("ret")
  } loc("func_f")
  func.func private @decl(%x: i32 loc("declarg")) -> i32 loc("decl")
  func.func @noloc(%x: i32) {
    return
  }
} loc("the_module")

"builtin.module"() ({
  %0 = "foo.c"() ({
  ^bb0(%x: i32 loc("argloc"), %y: i32):
    "foo.d"() : () -> () loc("inner")
    "foo.br"(%x)[^bb1] : (i32) -> ()
  ^bb1(%z: i32 loc("nonentry"("q":1:1)), %w: f32 loc(callsite("a" at "b":1:1))):
    "foo.e"(%z, %w) : (i32, f32) -> () loc("inner")
  }) : () -> i32 loc("c")
}) : () -> ()

"builtin.module"() ({
  %0 = "foo.b"() ({
  ^bb0(%x: i32 loc("barg")):
    "foo.c"() {l = loc("inner_attr")} : () -> () loc("in")
  }) {l = loc("attr")} : () -> (i32) loc("op")
  "foo.d"(%0) : (i32) -> () loc(callsite("op" at "zz"))
  "foo.e"() ({
    "foo.f"() : () -> () loc(fused["in", "op"])
  }, {
    "foo.g"() : () -> () loc("second_region")
  }) : () -> () loc("e")
}) {a.l = loc("modattr")} : () -> () loc("module")

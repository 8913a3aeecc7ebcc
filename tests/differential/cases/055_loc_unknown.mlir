"builtin.module"() ({
  "foo.a"() : () -> () loc(unknown)
  "foo.b"() ({
  ^bb0(%x: i32 loc(unknown)):
    "foo.c"() : () -> () loc(unknown)
  }) : () -> () loc(unknown)
  "foo.d"() : () -> () loc(fused[])
}) : () -> () loc(unknown)

"builtin.module"() ({
  "foo.a"() : () -> () loc("name")
  "foo.b"() : () -> () loc("name"("f":1:2))
  "foo.c"() : () -> () loc("outer"("inner"("leaf.mlir":9:9)))
  "foo.d"() : () -> () loc("x\"y")
  "foo.e"() : () -> () loc("name"(unknown))
  "foo.f"() : () -> () loc("name")
}) : () -> ()

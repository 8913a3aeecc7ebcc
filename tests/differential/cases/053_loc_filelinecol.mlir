"builtin.module"() ({
  "foo.a"() : () -> () loc("file.mlir":3:4)
  "foo.b"() : () -> () loc("file.mlir":3:4)
  "foo.c"() : () -> () loc("other/path/x.py":100:1)
  "foo.d"() : () -> () loc("f\"q":1:1)
  "foo.e"() : () -> () loc("file.mlir":0:0)
  "foo.f"() : () -> () loc("":1:2)
  "foo.g"() : () -> ()
}) : () -> () loc("mod.mlir":1:1)

"builtin.module"() ({
  "foo.a"() : () -> () loc("file.mlir":3:4 to 5:6)
  "foo.b"() : () -> () loc("file.mlir":3:4 to :9)
  "foo.c"() : () -> () loc("file.mlir":3:4 to 3:9)
  "foo.d"() : () -> () loc("file.mlir":3:4 to :9)
  "foo.e"() : () -> () loc("file.mlir":7:1 to 7:1)
}) : () -> ()

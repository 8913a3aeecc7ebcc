#loc0 = loc("x.mlir":1:2)
#loc1 = loc("name"(#loc0))
"foo.op"() : () -> () loc(#loc1)

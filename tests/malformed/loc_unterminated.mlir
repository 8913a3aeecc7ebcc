// ERROR: 2:27: expected location instance
"foo.op"() : () -> () loc(

// ERROR: 2:41: expected ']' in fused location
"foo.op"() : () -> () loc(fused["a", "b")

// ERROR: 2:32: expected '[' in fused location
"foo.op"() : () -> () loc(fused "a")

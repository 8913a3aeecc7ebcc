// ERROR: 2:25: expected non-function type
"foo.op"() : () -> (i32,)

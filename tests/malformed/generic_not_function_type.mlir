// ERROR: 2:14: expected function type
"foo.op"() : i32

// ERROR: 2:29: expected ')'
"foo.op"() : () -> (i32, f32

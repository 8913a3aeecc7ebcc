// ERROR: 2:18: expected ')'
"foo.op"() : (i32 -> ()

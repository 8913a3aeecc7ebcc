// ERROR: 2:18: expected '}' in attribute dictionary
"foo.op"() {a = 0xZZ : i32} : () -> ()

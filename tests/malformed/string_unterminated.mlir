// ERROR: 2:33: expected '"' in string literal
"foo.op"() {a = "abc} : () -> ()

// ERROR: 2:21: expected '"' in string literal
"foo.op"() {a = "abc
// ERROR: 2:26: expected ']'
"foo.op"() {a = dense<[1, 2
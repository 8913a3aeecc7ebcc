// ERROR: 2:22: expected ',' or ']'
"foo.op"() {a = [1, 2)} : () -> ()

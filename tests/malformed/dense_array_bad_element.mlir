// ERROR: 2:31: expected integer literal
"foo.op"() {a = array<i64: 1, x>} : () -> ()

// ERROR: 2:17: integer literal not valid for specified type
"foo.op"() {a = 1 : () -> ()

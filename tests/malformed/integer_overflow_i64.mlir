// ERROR: 2:17: integer constant out of range for attribute
"foo.op"() {a = 99999999999999999999999 : i64} : () -> ()

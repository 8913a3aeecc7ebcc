// ERROR: 2:17: integer constant out of range for attribute
"foo.op"() {a = 300 : i8} : () -> ()

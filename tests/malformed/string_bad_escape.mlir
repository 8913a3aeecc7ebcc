// ERROR: 2:19: unknown escape in string literal
"foo.op"() {a = "a\qb"} : () -> ()

// ERROR: 2:26: floating point value not valid for specified type
"foo.op"() {a = 1.5 : i32} : () -> ()

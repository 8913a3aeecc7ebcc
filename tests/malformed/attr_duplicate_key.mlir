// ERROR: 2:26: duplicate key 'a' in dictionary attribute
"foo.op"() {a = 1 : i32, a = 2 : i32} : () -> ()

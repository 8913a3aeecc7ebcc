"foo.op"() <{prop = 3 : i32}> {attr = 4 : i32} : () -> ()

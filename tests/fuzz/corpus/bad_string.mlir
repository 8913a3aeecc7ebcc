"foo.op"() {a = "abc} : () -> ()

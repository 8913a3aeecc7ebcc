"builtin.module"() <{sym_name = "a"}> ({
  "foo.x"() : () -> ()
}) : () -> ()
"builtin.module"() <{sym_name = "b"}> ({
  %0 = "foo.y"() : () -> i32
}) : () -> ()

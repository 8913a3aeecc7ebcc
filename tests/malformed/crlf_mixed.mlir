// ERROR: 5:11: use of undeclared SSA value name
"foo.a"() : () -> ()
%0 = "foo.b"() : () -> i32
"foo.c"(%0) : (i32) -> ()
  "foo.d"(%1) : (i32) -> ()

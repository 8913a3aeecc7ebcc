// ERROR: 3:13: use of undeclared SSA value name
"foo.op"() ({
  "foo.use"(%x) : (i32) -> ()
}) : () -> ()

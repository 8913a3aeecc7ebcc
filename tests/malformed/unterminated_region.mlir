// ERROR: 3:23: expected operation name in quotes
"foo.op"() ({
  "foo.x"() : () -> ()

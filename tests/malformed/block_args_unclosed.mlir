// ERROR: 3:22: expected ')'
"foo.op"() ({
^bb0(%x: i32, %y: i32:
  "foo.end"() : () -> ()
}) : () -> ()

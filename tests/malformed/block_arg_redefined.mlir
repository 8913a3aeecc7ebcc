// ERROR: 3:15: redefinition of SSA value '%a'
"foo.op"() ({
^bb0(%a: i32, %a: i32):
  "foo.x"() : () -> ()
}) : () -> ()

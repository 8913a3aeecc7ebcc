// ERROR: 5:5: expected ':' after block name
"foo.op"() ({
^bb0:
  "foo.br"()[^bb1] : () -> ()
^bb1
  "foo.ret"() : () -> ()
}) : () -> ()

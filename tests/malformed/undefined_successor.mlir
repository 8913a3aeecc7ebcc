// ERROR: 4:14: reference to an undefined block
"foo.op"() ({
^bb0:
  "foo.br"()[^bb9] : () -> ()
}) : () -> ()

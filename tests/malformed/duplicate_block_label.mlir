// ERROR: 7:1: redefinition of block '^bb1'
"foo.op"() ({
^bb0:
  "foo.br"()[^bb1] : () -> ()
^bb1:
  "foo.br"()[^bb1] : () -> ()
^bb1:
  "foo.ret"() : () -> ()
}) : () -> ()

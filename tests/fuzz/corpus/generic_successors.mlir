"foo.op"() ({
^bb0:
  %c = "foo.cond"() : () -> i1
  "foo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "foo.br"()[^bb2] : () -> ()
^bb2:
  "foo.ret"() : () -> ()
}) : () -> ()

"builtin.module"() ({
  "foo.two_cfgs"() ({
    "foo.br"()[^a] : () -> ()
  ^a:
    "foo.br"()[^b] : () -> ()
  ^b:
    "foo.inner"() ({
      "foo.br"()[^x] : () -> ()
    ^x:
      "foo.br"()[^y] : () -> ()
    ^y:
      "foo.end"() : () -> ()
    }) : () -> ()
    "foo.end"() : () -> ()
  }, {
  ^entry(%v: i8):
    "foo.br"(%v)[^c] : (i8) -> ()
  ^c(%w: i8):
    "foo.end"(%w) : (i8) -> ()
  }) : () -> ()
}) : () -> ()

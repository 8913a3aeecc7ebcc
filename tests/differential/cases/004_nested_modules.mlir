"builtin.module"() ({
  "builtin.module"() <{sym_name = "inner", sym_visibility = "private"}> ({
    "foo.x"() : () -> ()
    "builtin.module"() ({
    ^bb0:
    }) : () -> ()
  }) {a.b = [1, 2]} : () -> ()
  "builtin.module"() <{sym_name = "other"}> ({
  ^bb0:
  }) : () -> ()
  "foo.after"() : () -> ()
}) : () -> ()

"builtin.module"() ({
  "foo.k"() {"quoted key" = 1, "9x" = 2, k_$.x = 3, "a-b" = 4, "a.b" = 5, "x\"y" = 6, _u = 7, B = 8, "\n" = 9, "é" = 10, Z$ = 11, "plain" = 12, a.b.c = 13} : () -> ()
}) : () -> ()

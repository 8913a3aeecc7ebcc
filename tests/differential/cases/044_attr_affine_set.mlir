"builtin.module"() ({
  "foo.as"() {p = affine_set<(d0) : (d0 >= 0, d0 - 4 == 0)>, q = affine_set<(d0, d1)[s0] : (d0 - s0 >= 0, d1 == 0)>, r = affine_set<() : (0 == 0)>} : () -> ()
}) : () -> ()

"foo.op"() {m = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)>, s = affine_set<(d0) : (d0 >= 0)>} : () -> ()

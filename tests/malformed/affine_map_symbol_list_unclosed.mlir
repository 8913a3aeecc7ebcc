// ERROR: 2:35: expected ']' in symbol list
"foo.op"() {m = affine_map<(d0)[s0 -> (d0)>} : () -> ()

// ERROR: 2:43: expected ')' in integer set constraint list
"foo.op"() {s = affine_set<(d0) : (d0 >= 0>} : () -> ()

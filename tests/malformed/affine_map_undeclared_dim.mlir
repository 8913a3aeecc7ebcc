// ERROR: 2:37: use of undeclared identifier
"foo.op"() {m = affine_map<(d0) -> (d1)>} : () -> ()

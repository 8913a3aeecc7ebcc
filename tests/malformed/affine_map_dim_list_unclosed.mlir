// ERROR: 2:35: expected ')' in dimensional identifier list
"foo.op"() {m = affine_map<(d0, d1 -> (d0)>} : () -> ()

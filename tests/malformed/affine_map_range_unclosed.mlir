// ERROR: 2:47: expected ')' in affine map range
"foo.op"() {m = affine_map<(d0) -> (d0, d0 + 1>} : () -> ()

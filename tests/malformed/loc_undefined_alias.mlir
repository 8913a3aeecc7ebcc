// ERROR: 2:27: operation location alias was never defined
"foo.op"() : () -> () loc(#undefined_loc)

// ERROR: 2:20: vector types must have positive constant sizes but got 0
"foo.op"() : () -> vector<0xf32>

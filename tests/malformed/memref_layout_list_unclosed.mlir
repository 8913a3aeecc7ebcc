// ERROR: 2:55: expected ',' or '>'
"test.op"() {a = memref<2xf32, strided<[1], offset: 0> 1>} : () -> ()

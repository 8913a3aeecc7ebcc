// ERROR: 2:45: expected ']'
"foo.op"() : () -> (memref<4xf32, strided<[1>>)

// ERROR: 2:55: expected a 64-bit signed integer or '?'
"foo.op"() : () -> memref<4xf32, strided<[1], offset: x>>

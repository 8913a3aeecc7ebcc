// ERROR: 2:32: expected '>' in tensor type
"foo.op"() : () -> tensor<4xf32
"foo.b"() : () -> ()

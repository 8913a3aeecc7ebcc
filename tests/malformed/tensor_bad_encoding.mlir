// ERROR: 2:33: expected '>' in tensor type
"foo.op"() : () -> tensor<4xf32, ,>

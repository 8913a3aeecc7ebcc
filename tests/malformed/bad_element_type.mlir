// ERROR: 2:29: expected non-function type
"foo.op"() : () -> tensor<4xfoo>

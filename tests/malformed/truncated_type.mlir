// ERROR: 2:28: expected non-function type
"foo.op"() : () -> tensor<4x
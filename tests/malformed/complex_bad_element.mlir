// ERROR: 2:28: invalid element type for complex
"foo.op"() : () -> complex<tensor<4xf32>>

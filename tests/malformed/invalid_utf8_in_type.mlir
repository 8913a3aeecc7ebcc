// ERROR: 2:29: unexpected character
"foo.op"() : () -> tensor<4xÃ(>

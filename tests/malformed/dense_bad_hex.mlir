// ERROR: 2:23: expected string containing hex digits starting with `0x`
"foo.op"() {a = dense<"0xZZ"> : tensor<2xi8>} : () -> ()

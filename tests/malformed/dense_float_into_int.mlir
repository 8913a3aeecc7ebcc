// ERROR: 2:23: expected integer elements, but parsed floating-point
"foo.op"() {a = dense<1.5> : tensor<2xi32>} : () -> ()

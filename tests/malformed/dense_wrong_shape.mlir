// ERROR: 2:17: inferred shape of elements literal ([3]) does not match type ([2])
"foo.op"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()

// ERROR: 2:17: elements hex data size is invalid for provided type: 'tensor<4xi32>'
"foo.op"() {a = dense<"0x0102"> : tensor<4xi32>} : () -> ()

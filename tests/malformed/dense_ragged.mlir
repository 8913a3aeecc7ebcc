// ERROR: 2:35: tensor literal is invalid; ranks are not consistent between elements
"foo.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

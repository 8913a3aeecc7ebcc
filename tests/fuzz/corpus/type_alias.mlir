!t = tensor<4xf32>
!u = !foo.bar
"foo.op"() : () -> (!t, !u)

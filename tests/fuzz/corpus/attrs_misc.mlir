"foo.op"() {a = unit, b = i32, c = distinct[0]<42 : i32>, d = #foo.bar, e = #foo<"x y">, f = dense_resource<blob1> : tensor<4xi8>} : () -> ()

"builtin.module"() ({
  %0:8 = "foo.to"() : () -> (!a.b, !a.b<"x">, !a<"foo">, !a.b<1, 2>, !a<"a\"b">, !a.b<[x]{y}(z)>, !a.b.c<>, !xmpmd.mesh_tensor<"m", tensor<4xf32>>)
  "foo.use"(%0#7) : (!xmpmd.mesh_tensor<"m", tensor<4xf32>>) -> ()
}) : () -> ()

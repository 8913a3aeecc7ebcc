"builtin.module"() ({
  "foo.dstr"() {m = dense<["foo", "bar"]> : tensor<2x!a.s>, n = dense<"foo"> : tensor<3x!a.s>, w = dense<["a", "a"]> : tensor<2x!a.s>, x = dense<[["q\"", "\n"], ["é", ""]]> : tensor<2x2x!a.s>, y = dense<"scalar"> : tensor<!a.s>} : () -> ()
}) : () -> ()

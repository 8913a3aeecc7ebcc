// ERROR: 3:54: unbalanced '(' character in pretty dialect name
// A map cut off in its level list.
"foo.op"() {t = tensor<4xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed }>>} : () -> ()

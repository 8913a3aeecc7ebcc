// ERROR: 3:77: unknown level format: bogus
// A level format sparse_tensor does not have.
"foo.op"() {t = tensor<4xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : bogus) }>>} : () -> ()

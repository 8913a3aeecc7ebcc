// ERROR: 3:84: expect positive value or ? for slice size
// A slice of size 0.
"foo.op"() {t = tensor<4xf32, #sparse_tensor.encoding<{ map = (d0 : #sparse_tensor<slice(1, 0, 1)>) -> (d0 : compressed) }>>} : () -> ()

// ERROR: 3:107: dimension-rank mismatch between encoding and tensor shape: 2 != 1
// An encoding of rank 2 on a tensor of rank 1.
"foo.op"() {t = tensor<4xf32, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : dense) }>>} : () -> ()

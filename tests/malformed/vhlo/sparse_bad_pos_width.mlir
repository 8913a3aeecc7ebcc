// ERROR: 3:46: unexpected position bitwidth: 7
// A position bit width the encoding does not accept.
"foo.op"() {t = tensor<4xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed), posWidth = 7 }>>} : () -> ()

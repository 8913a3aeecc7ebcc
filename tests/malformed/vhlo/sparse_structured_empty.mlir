// ERROR: 2:51: expected exactly 2 structured sizes
#e = #sparse_tensor.encoding<{map = (d0) -> (d0 : structured[])}>
func.func private @f(tensor<4xf32, #e>)

// ERROR: 2:46: illegal storage type size: 33
func.func private @f(tensor<2x!quant.uniform<i33:f32, 1.0>>)

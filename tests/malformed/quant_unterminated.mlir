// ERROR: 2:58: expected '>' in tensor type
func.func private @f(tensor<2x!quant.uniform<i8:f32, 1.0>)

// ERROR: 2:46: illegal storage type prefix
func.func private @f(tensor<2x!quant.uniform<x8:f32, 1.0>>)

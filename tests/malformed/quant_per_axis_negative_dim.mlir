// ERROR: 2:38: illegal quantized dimension: -1
func.func private @f(tensor<2x!quant.uniform<i8:f32:-1, {1.0, 2.0}>>)

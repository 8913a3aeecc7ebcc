// ERROR: 2:49: illegal storage type minimum: -200
func.func private @f(tensor<2x!quant.uniform<i8<-200:5>:f32, 1.0>>)

// ERROR: 2:78: tensor literal is invalid; ranks are not consistent between elements
func.func private @f(tensor<2x!quant.uniform<i8:f32:{0:1}, {{1.0}, {2.0, 3.0}}>>)

// ERROR: 2:49: expected integer value
func.func private @f(!quant.uniform<i8:f32, 1.0:2.5>)

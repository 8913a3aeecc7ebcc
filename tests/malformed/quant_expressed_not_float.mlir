// ERROR: 2:40: invalid kind of type specified
func.func private @f(!quant.uniform<i8:i32, 1.0>)

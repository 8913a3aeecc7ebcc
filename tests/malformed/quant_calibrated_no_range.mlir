// ERROR: 2:43: expected '<'
func.func private @f(!quant.calibrated<f32>)

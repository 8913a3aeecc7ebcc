// ERROR: 2:60: scale 1.000000e+10 out of expressed type range [5.960464e-08, 6.550400e+04]
func.func private @f(tensor<2x!quant.uniform<i8:f16, 1.0e10>>)

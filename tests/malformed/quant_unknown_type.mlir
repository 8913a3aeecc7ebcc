// ERROR: 2:29: unknown quantized type foo
func.func private @f(!quant.foo<i8>)

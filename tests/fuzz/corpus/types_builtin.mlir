"foo.op"() : () -> (i1, si8, ui16, i64, index, f16, bf16, f32, f64, f80, f128, tf32, none)

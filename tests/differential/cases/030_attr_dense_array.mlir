"builtin.module"() ({
  "foo.da"() {e = array<i64: 1, 2>, f = array<i1: true, false>, g = array<f32: 1.0, 2.5>, h = array<i64>, i = array<i8: -1, 255>, j = array<f64: 0.1, -0.0, 1.0e100>, k = array<i32>, l = array<i16: 3>, m = array<f16: 1.0>, n = array<bf16: 1.0>, o = array<i1>, p = array<f32>, q = array<i64: -9223372036854775808, 9223372036854775807>, r = array<i1: false>, s = array<f32: 0x7FC00000, 0x7F800000>} : () -> ()
}) : () -> ()

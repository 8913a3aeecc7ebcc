"builtin.module"() ({
  "foo.ta"() {k = i32, l = tensor<4xf32>, m = (i32) -> (), n = () -> (i32, f32), o = none, p = index, q = !foo.t<"x">, r = [f16, bf16, complex<f64>], s = tuple<i32, tuple<>>, t = memref<2xf32>, u = vector<[8]xi1>, v = (i1) -> ((i1) -> i1)} : () -> ()
}) : () -> ()

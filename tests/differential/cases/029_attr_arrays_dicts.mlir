"builtin.module"() ({
  "foo.ad"() {a = [], b = [1, "s", [2.0, unit], {x = 1}], c = {}, d = {n = {m = [true]}}, e = [[[]]], f = {z = 1, y = {b = 2, a = 1}, x = []}, g = [{}, {a}], h = [i32, tensor<2xf32>, @sym, 1.5 : f16]} : () -> ()
}) : () -> ()

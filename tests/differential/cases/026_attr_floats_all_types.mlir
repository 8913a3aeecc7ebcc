"builtin.module"() ({
  "foo.ft"() {a = 3.0 : bf16, b = 1.0e-5 : f16, c = 0.3 : f16, d = 2.5 : f80, e = 2.5 : f128, f = 1.0 : tf32, g = 0.5 : f8E4M3FN, h = 2.0 : f8E5M2, i = 1.0 : f4E2M1FN, j = 0.1 : bf16, k = 3.14159 : f16, l = 1.5 : f8E5M2FNUZ, m = 1.5 : f8E4M3FNUZ, n = 1.5 : f8E4M3B11FNUZ, o = 1.5 : f8E4M3, p = 1.5 : f8E3M4, q = 1.5 : f6E2M3FN, r = 1.5 : f6E3M2FN, s = 2.0 : f8E8M0FNU, t = 0.1 : f128, u = -7.25 : tf32, v = 1.0e-10 : f80} : () -> ()
}) : () -> ()

"foo.op"() {a = 1 : i64, b = "str", c = [1, 2.5, "x"], d, e = unit, f = true} : () -> ()

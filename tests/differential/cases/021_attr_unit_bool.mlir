"builtin.module"() ({
  "foo.op"() {a, b = unit, c = true, d = false, e = [unit, true, false], f = {g, h = unit}} : () -> ()
  "foo.op"() <{p, q = true}> {r = false} : () -> ()
}) : () -> ()

"builtin.module"() ({
  "foo.a"() {l = loc("inattr"), m = [loc("x":1:1), loc(unknown)], n = loc(callsite("p" at "q":2:2))} : () -> () loc("op")
  "foo.b"() <{p = loc("prop")}> : () -> () loc("inattr")
}) : () -> ()

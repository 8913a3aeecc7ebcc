"builtin.module"() ({
  "foo.a"() : () -> () loc(callsite("callee" at "caller":1:1))
  "foo.b"() : () -> () loc(callsite("f":1:1 at callsite("g":2:2 at "h":3:3)))
  "foo.c"() : () -> () loc(callsite(callsite("a":1:1 at "b":2:2) at "c":3:3))
  "foo.d"() : () -> () loc(callsite("n"("f":5:5) at unknown))
  "foo.e"() : () -> () loc(callsite("callee" at "caller":1:1))
}) : () -> ()

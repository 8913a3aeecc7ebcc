"builtin.module"() ({
  "foo.sym"() {a = @sym, b = @a::@b::@c, c = @"quoted sym", d = @"a b"::@c, e = @_x.y$z, f = [@x, @y::@z], g = @"9start", h = @"with\"quote", i = @"é"} : () -> ()
  "foo.sym"() <{callee = @some_function}> : () -> ()
}) : () -> ()

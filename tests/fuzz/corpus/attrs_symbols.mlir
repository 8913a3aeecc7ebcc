"foo.op"() {a = @sym, b = @a::@b::@c, c = @"quoted sym"} : () -> ()

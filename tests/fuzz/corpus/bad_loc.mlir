"foo.op"() : () -> () loc("f":x:1)

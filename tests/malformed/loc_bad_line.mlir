// ERROR: 2:31: expected integer line number in FileLineColRange
"foo.op"() : () -> () loc("f":x:1)

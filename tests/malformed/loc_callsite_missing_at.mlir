// ERROR: 2:39: expected 'at' in callsite location
"foo.op"() : () -> () loc(callsite("a" "b"))

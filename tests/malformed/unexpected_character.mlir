// ERROR: 2:23: unexpected character
"foo.op"() : () -> () $

// ERROR: 2:19: expected non-function type
"foo.op"() : () -> i0x

// ERROR: 2:16: expected attribute value
"foo.op"() {a = } : () -> ()

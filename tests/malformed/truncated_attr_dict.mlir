// ERROR: 2:11: expected attribute name
"foo.op"() {
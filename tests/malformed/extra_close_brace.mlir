// ERROR: 2:22: expected operation name in quotes
"foo.op"() : () -> ()
}

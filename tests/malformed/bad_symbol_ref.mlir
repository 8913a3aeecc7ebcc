// ERROR: 2:18: @ identifier expected to start with letter or '_'
"foo.op"() {s = @} : () -> ()

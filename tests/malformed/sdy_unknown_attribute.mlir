// ERROR: 2:22: unknown attribute `nonsense` in dialect `sdy`
"foo.op"() {r = #sdy.nonsense<1>} : () -> ()

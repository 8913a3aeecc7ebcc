// ERROR: 2:25: undefined symbol alias id 'missing'
"foo.op"() {a = #missing} : () -> ()

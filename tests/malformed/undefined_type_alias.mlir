// ERROR: 2:28: undefined symbol alias id 'missing'
"foo.op"() : () -> !missing

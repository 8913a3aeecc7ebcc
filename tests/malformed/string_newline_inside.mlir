// ERROR: 2:20: expected '"' in string literal
"foo.op"() {a = "ab
cd"} : () -> ()

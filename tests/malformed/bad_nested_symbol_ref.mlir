// ERROR: 2:21: expected nested symbol reference identifier
"foo.op"() {s = @a::} : () -> ()

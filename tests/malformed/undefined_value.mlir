// ERROR: 3:9: use of undeclared SSA value name
"foo.a"() : () -> ()
"foo.b"(%0) : (i32) -> ()

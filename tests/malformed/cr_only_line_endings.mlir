// ERROR: 2:30: use of undeclared SSA value name
"foo.a"() : () -> ()"foo.b"(%x) : (i32) -> ()

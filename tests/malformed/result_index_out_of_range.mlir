// ERROR: 3:9: reference to invalid result number
%0:2 = "foo.a"() : () -> (i32, i32)
"foo.b"(%0#5) : (i32) -> ()

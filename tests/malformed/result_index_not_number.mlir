// ERROR: 3:11: invalid SSA value result number
%0:2 = "foo.a"() : () -> (i32, i32)
"foo.b"(%0#x) : (i32) -> ()

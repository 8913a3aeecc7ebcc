// ERROR: 3:11: expected ')' to end operand list
%0 = "foo.a"() : () -> i32
"foo.b"(%0 : (i32) -> ()

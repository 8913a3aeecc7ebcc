// ERROR: 3:15: expected 1 operand type but had 2
%0 = "foo.a"() : () -> i32
"foo.b"(%0) : (i32, i32) -> ()

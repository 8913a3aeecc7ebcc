// ERROR: 3:1: redefinition of SSA value '%0'
%0 = "foo.a"() : () -> i32
%0 = "foo.b"() : () -> i32

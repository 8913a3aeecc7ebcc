// ERROR: 2:1: operation defines 2 results but was provided 3 to bind
%0:3 = "foo.a"() : () -> (i32, i32)

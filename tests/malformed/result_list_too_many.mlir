// ERROR: 2:1: operation defines 1 results but was provided 2 to bind
%0, %1 = "foo.a"() : () -> i32

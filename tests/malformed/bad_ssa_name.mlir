// ERROR: 2:1: invalid SSA name
% = "foo.a"() : () -> i32

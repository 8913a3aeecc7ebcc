// ERROR: 2:3: expected '=' after SSA name
%a %b = "test.op"() : () -> (i32, i32)

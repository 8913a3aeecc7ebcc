// ERROR: 2:22: expected non-function type
%0 = "foo.a"() : () ->
// ERROR: 3:3: expected operation name in quotes
"foo.a"() : () -> ()
%0 =
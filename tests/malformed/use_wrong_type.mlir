// ERROR: 3:9: use of value '%0' expects different type than prior uses: 'i64' vs 'i32'
%0 = "foo.a"() : () -> i32
"foo.b"(%0) : (i64) -> ()

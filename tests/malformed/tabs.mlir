// ERROR: 4:11: use of value '%0' expects different type than prior uses: 'i64' vs 'i32'
	"foo.a"() : () -> ()
		%0 = "foo.b"() : () -> i32
		"foo.c"(%0)	:	(i64) -> ()

// ERROR: 3:1: unexpected character
"foo.op"() : () -> ()
ÿþ"foo.b"() : () -> ()

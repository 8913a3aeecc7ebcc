// ERROR: 3:27: expected location, but found '1 : i32'
#x = 1 : i32
"foo.op"() : () -> () loc(#x)

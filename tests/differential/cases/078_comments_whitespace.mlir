// leading comment
"builtin.module"() ( { // trailing comment
	%0 = "foo.a"( ) { x   =   1 : i32 , y=[ 1,2 ,3 ] } :( ) ->i32 // comment
  "foo.b"(%0)   :   (i32)->( )


  // blank lines above
  "foo.c"() {s = "// not a comment"} : () -> ()
}) : () -> ()
// trailing comment at end

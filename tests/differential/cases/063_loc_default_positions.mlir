"builtin.module"() ({
      %0 = "foo.indented"() : () -> i32
  %1:2 =    "foo.spaced"(%0) : (i32) -> (i32, i32)
  "foo.region"() ({
  ^bb0(%a: i32,    %b: i32):
  	"foo.tab"() : () -> ()
  }) : () -> ()
"foo.col1"() : () -> ()
}) : () -> ()

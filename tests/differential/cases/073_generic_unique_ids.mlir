"builtin.module"() ({
  %a = "foo.top"() : () -> i32
  "foo.r1"() ({
  ^bb0(%x: i32):
    %b = "foo.in1"(%x, %a) : (i32, i32) -> i32
    "foo.r1a"() ({
      %c = "foo.in1a"(%b) : (i32) -> i32
    }) : () -> ()
  }, {
    %d = "foo.in1b"() : () -> i32
  }) : () -> ()
  "foo.r2"() ({
  ^bb0(%y: i32, %z: i32):
    %e = "foo.in2"(%y, %z) : (i32, i32) -> i32
  }) : () -> ()
  %f = "foo.top2"() : () -> i32
  "func.func"() <{function_type = (i32) -> i32, sym_name = "fn"}> ({
  ^bb0(%p: i32):
    %g = "foo.fn_body"(%p) : (i32) -> i32
    "func.return"(%g) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

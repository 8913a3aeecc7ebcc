%t = "foo.top"() : () -> i32
%t2 = "foo.top"() : () -> i32
"func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%a: i32):
  %x = "foo.a"(%a) : (i32) -> i32
  "func.return"(%x) : (i32) -> ()
}) : () -> ()
"foo.region"() ({
^bb0(%z: i32):
  %r = "foo.r"(%t) : (i32) -> i32
  "foo.reg2"() ({
  ^bb0(%zz: i32):
    %r2 = "foo.r"(%t2, %zz, %z) : (i32, i32, i32) -> i32
  }) : () -> ()
}) : () -> ()
%t3 = "foo.top"() : () -> i32

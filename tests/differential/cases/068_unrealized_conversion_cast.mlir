"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32) -> (), sym_name = "f"}> ({
  ^bb0(%c: i1, %v: i32):
    "foo.r"() ({
      %q = "builtin.unrealized_conversion_cast"(%v) : (i32) -> f32
    }) : () -> ()
    %w:2 = "builtin.unrealized_conversion_cast"(%v, %c) : (i32, i1) -> (f32, i8)
    %n = "builtin.unrealized_conversion_cast"() : () -> i64
    "func.return"() : () -> ()
  }) : () -> ()
  %z = "builtin.unrealized_conversion_cast"() : () -> i64
  %y = "builtin.unrealized_conversion_cast"(%z) {a.attr} : (i64) -> tensor<2xi64>
}) : () -> ()

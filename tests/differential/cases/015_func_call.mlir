"builtin.module"() ({
  "func.func"() <{function_type = (i32, f32) -> (i32, f32), sym_name = "callee", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "noargs", sym_visibility = "public"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, f32) -> i32, sym_name = "caller"}> ({
  ^bb0(%a: i32, %b: f32):
    %0:2 = "func.call"(%a, %b) <{callee = @callee}> : (i32, f32) -> (i32, f32)
    "func.call"() <{callee = @noargs}> : () -> ()
    %1:2 = "func.call"(%0#0, %0#1) <{callee = @callee}> {a.tag = "t"} : (i32, f32) -> (i32, f32)
    "func.return"(%1#0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

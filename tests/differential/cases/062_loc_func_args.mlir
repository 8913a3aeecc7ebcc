"builtin.module"() ({
  "func.func"() <{function_type = (i32, f32) -> i32, sym_name = "f", arg_attrs = [{a.x}, {}]}> ({
  ^bb0(%a: i32 loc("a_loc"), %b: f32 loc("b.mlir":2:2)):
    "func.return"(%a) : (i32) -> () loc("ret")
  }) : () -> () loc("func")
  "func.func"() <{function_type = (i32) -> (), sym_name = "g"}> ({
  ^bb0(%a: i32):
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (), sym_name = "decl", sym_visibility = "private"}> ({
  }) : () -> () loc(fused["decl", "x":1:1])
}) : () -> ()

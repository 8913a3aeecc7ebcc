"builtin.module"() ({
  "func.func"() <{arg_attrs = [{a.x, a.y = "s"}, {}], function_type = (i32, f32) -> i32, res_attrs = [{a.z}], sym_name = "nest", sym_visibility = "nested"}> ({
  ^bb0(%arg0: i32, %arg1: f32):
    "func.return"(%arg0) : (i32) -> ()
  }) {a.attr = 1 : i64, b = 2 : i64, llvm.emit_c_interface} : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "withattrs"}> ({
    "func.return"() : () -> ()
  }) {z.last = unit, a.first = [], m.mid = {k = "v"}} : () -> ()
}) : () -> ()

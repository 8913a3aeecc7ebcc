"builtin.module"() ({
  "func.func"() <{arg_attrs = [{}, {a.x}], function_type = (i32, f32) -> (i32, f32), res_attrs = [{a.r = 1 : i64}, {}], sym_name = "decl", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> ((i32) -> i32), sym_name = "d2", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> (() -> ()), sym_name = "d3", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> i32, sym_name = "d4", sym_visibility = "private"}> ({
  }) {a.q, b.z = "s"} : () -> ()
  "func.func"() <{function_type = (tensor<2xi8>) -> (), sym_name = "d5", sym_visibility = "nested", arg_attrs = [{a.b = 1 : i32, a.sharding = #sdy.sharding<@mesh, [{"x"}]>}]}> ({
  }) : () -> ()
  "func.func"() <{function_type = (i1, i1, i1) -> (i1, i1), sym_name = "d6", sym_visibility = "private", res_attrs = [{}, {x.y = [1, 2]}], arg_attrs = [{}, {}, {}]}> ({
  }) : () -> ()
}) : () -> ()

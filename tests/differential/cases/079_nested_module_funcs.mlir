"builtin.module"() ({
  "builtin.module"() <{sym_name = "a"}> ({
    "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
    ^bb0(%x: i32):
      "func.return"(%x) : (i32) -> ()
    }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "b"}> ({
    %0 = "foo.v"() : () -> i32
    "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
      %1 = "foo.w"() : () -> i32
      "func.return"() : () -> ()
    }) : () -> ()
  }) {b.attr = 1 : i32} : () -> ()
}) : () -> ()

"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32, i32) -> i32, sym_name = "select"}> ({
  ^bb0(%c: i1, %x: i32, %y: i32):
    "foo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
  ^bb1:
    "foo.br"(%x)[^bb3] : (i32) -> ()
  ^bb2:
    %n = "foo.neg"(%y) : (i32) -> i32
    "foo.br"(%n)[^bb3] : (i32) -> ()
  ^bb3(%r: i32):
    "func.return"(%r) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

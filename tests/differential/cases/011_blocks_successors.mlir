"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32) -> (), sym_name = "cfg"}> ({
  ^bb0(%c: i1, %v: i32):
    "foo.cond_br"(%c, %v)[^bb1, ^bb2, ^bb1] {operandSegmentSizes = array<i32: 1, 1>} : (i1, i32) -> ()
  ^bb1:
    "foo.br"(%v)[^bb2] : (i32) -> ()
  ^bb2:
    "foo.switch"()[^bb3, ^bb3] : () -> ()
  ^bb3:
    "foo.loop"()[^bb3, ^bb4] : () -> ()
  ^bb4:
    "func.return"() : () -> ()
  ^bb5:
    "foo.br"()[^bb4] : () -> ()
  ^bb6:
    "foo.br"()[^bb6] : () -> ()
  }) : () -> ()
}) : () -> ()

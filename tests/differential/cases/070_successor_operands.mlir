"builtin.module"() ({
  "foo.cfg"() ({
  ^bb0(%a: i32, %b: i1):
    "foo.cond_br"(%b, %a, %a)[^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 1, 1>} : (i1, i32, i32) -> ()
  ^bb1(%x: i32):
    "foo.br"(%x, %b)[^bb3] : (i32, i1) -> ()
  ^bb2(%y: i32):
    "foo.br"(%y, %b)[^bb3] : (i32, i1) -> ()
  ^bb3(%m: i32, %n: i1):
    "foo.switch"(%m)[^bb1, ^bb2, ^bb4] <{case_values = dense<[1, 2]> : tensor<2xi32>}> : (i32) -> ()
  ^bb4:
    "foo.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

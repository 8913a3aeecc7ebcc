"builtin.module"() ({
  "foo.graph"() ({
  ^entry(%a: i32, %b: f32):
    %0 = "foo.x"(%a) : (i32) -> i32
    "foo.br"(%0, %b)[^next] : (i32, f32) -> ()
  ^next(%c: i32, %d: f32):
    %1 = "foo.y"(%c, %d) : (i32, f32) -> i64
    "foo.br"(%1)[^last] : (i64) -> ()
  ^last(%e: i64):
    "foo.region_in_block"() ({
    ^bb0(%f: i64):
      %2 = "foo.z"(%f, %e) : (i64, i64) -> i64
    }) : () -> ()
    "foo.ret"(%e) : (i64) -> ()
  }) : () -> ()
}) : () -> ()

"builtin.module"() ({
  %0 = "foo.outer"() : () -> i32
  "foo.multi"() ({
    %1 = "foo.r1"() : () -> i32
    %2 = "foo.r1b"(%1, %0) : (i32, i32) -> i32
  }, {
  ^bb0(%a: i32, %b: i32):
    %3 = "foo.r2"(%a, %b) : (i32, i32) -> i32
  }, {
    %4 = "foo.r3"() : () -> i32
    "foo.inner"() ({
    ^bb0(%c: index):
      %5 = "foo.r4"(%c, %4) : (index, i32) -> i32
    }, {
      %6 = "foo.r5"() : () -> f32
    }) : () -> ()
  }) : () -> ()
  "foo.multi2"() ({
  ^bb0(%d: i1):
    %7 = "foo.r6"(%d) : (i1) -> i1
  }) : () -> ()
  %8 = "foo.outer2"(%0) : (i32) -> i32
}) : () -> ()

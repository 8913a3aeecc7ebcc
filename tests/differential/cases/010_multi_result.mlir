"builtin.module"() ({
  %0:3 = "foo.three"() : () -> (i32, f32, index)
  %1 = "foo.one"(%0#0) : (i32) -> i64
  %2:2 = "foo.two"(%0#2, %0#1, %1) : (index, f32, i64) -> (i1, i1)
  "foo.use"(%2#0, %2#1, %0#1) : (i1, i1, f32) -> ()
  %many:5 = "foo.five"() : () -> (i8, i8, i8, i8, i8)
  "foo.use"(%many#4, %many#0) : (i8, i8) -> ()
}) : () -> ()

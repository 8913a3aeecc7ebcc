"builtin.module"() ({
  %0:10 = "foo.tc"() : () -> (complex<f32>, complex<i8>, complex<bf16>, none, tuple<>, tuple<i32, f32>, tuple<tuple<i1>, tuple<>>, (i32) -> i32, () -> (), (i1, i2) -> (i3, i4))
  %1 = "foo.fn"(%0#7) : ((i32) -> i32) -> ((f32) -> (f32, f32))
  %2 = "foo.fn2"() : () -> (() -> ((i1) -> ()))
}) : () -> ()

"builtin.module"() ({
  %0 = "foo.big_tuple"() {t = tuple<i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1>} : () -> tuple<i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1>
  %1 = "foo.small_tuple"() : () -> tuple<i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1>
  %2 = "foo.other"() : () -> tuple<f32,f32,f32,f32,f32,f32,f32,f32,f32,f32,f32,f32,f32,f32,f32,f32,f32,f32>
  %3 = "foo.nested"(%0) : (tuple<i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1>) -> tuple<tuple<i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1>>
}) : () -> ()

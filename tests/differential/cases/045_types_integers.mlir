"builtin.module"() ({
  %0:16 = "foo.ti"() : () -> (i1, i2, i7, i8, i16, i32, i64, i128, si32, ui16, si1, ui1, index, i0, si64, ui8)
  "foo.use"(%0#0, %0#12) : (i1, index) -> ()
  %1 = "foo.wide"() : () -> i4096
}) : () -> ()

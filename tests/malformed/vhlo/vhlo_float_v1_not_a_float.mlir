// ERROR: 4:54: expected floating point literal
// A #vhlo.float_v1 whose value is not a float literal (a string, or a type)
// was read as a float attribute: a segfault before session 17.
  %0 = "vhlo.constant_v1"() <{value = #vhlo.float_v1<"x" : !vhlo.f32_v1>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>

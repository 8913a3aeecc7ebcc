// ERROR: 3:35: unbalanced '<' character in pretty dialect name
// A dense type list cut short.
"foo.op"() : () -> !vhlo.tensor_v1<4x!vhlo.f32_v1

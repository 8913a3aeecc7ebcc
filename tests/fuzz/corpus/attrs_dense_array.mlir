"foo.op"() {a = array<i64: 1, 2, 3>, b = array<i1: true, false>, c = array<f32: 1.0, 2.5>, d = array<i32>} : () -> ()

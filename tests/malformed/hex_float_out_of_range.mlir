// ERROR: 2:17: hexadecimal float constant out of range for type
"foo.op"() {a = 0xFFFFFFFFFF : f32} : () -> ()

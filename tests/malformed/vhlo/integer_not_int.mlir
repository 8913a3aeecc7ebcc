// ERROR: 3:33: invalid integer_v1 attribute
// integer_v1 holds an integer.
"foo.op"() {a = #vhlo.integer_v1<"x">} : () -> ()

// ERROR: 3:64: expected ','
// A struct attribute cut short.
"foo.op"() {a = #vhlo.result_accuracy_v1<atol = 0.0, rtol = 0.0>} : () -> ()

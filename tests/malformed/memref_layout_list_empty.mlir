// ERROR: 2:31: expected list element
"test.op"() {a = memref<2xf32, >} : () -> ()

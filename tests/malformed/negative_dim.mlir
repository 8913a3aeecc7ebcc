// ERROR: 2:27: expected non-function type
"foo.op"() : () -> tensor<-1xf32>

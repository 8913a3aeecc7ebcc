// ERROR: 5:20: expected ',' or ']'
func.func @f() {
  "test.br"()[^bb1] : () -> ()
^bb1:
  "test.op"() [^bb1 ^bb1] : () -> ()
}

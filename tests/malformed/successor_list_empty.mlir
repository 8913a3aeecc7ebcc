// ERROR: 5:16: expected list element
func.func @f() {
  "test.br"()[^bb1] : () -> ()
^bb1:
  "test.op"() [] : () -> ()
}

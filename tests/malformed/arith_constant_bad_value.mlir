// ERROR: 3:8: 'arith.constant' op value must be an integer, float, or elements attribute
func.func @f() {
  %0 = arith.constant "s"
  return
}

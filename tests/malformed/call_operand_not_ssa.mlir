// ERROR: 4:16: expected ')'
func.func private @g()
func.func @f() {
  func.call @g(1) : () -> ()
  return
}

// ERROR: 4:3: 'func.call' op 'nope' does not reference a valid function
// NO-UNREGISTERED
func.func @f() {
  func.call @nope() : () -> ()
  return
}

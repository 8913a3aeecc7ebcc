// ERROR: 4:3: custom op 'func.frobnicate' is unknown
// NO-UNREGISTERED
func.func @f() {
  func.frobnicate
}

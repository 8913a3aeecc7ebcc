// ERROR: 6:1: redefinition of symbol named 'f'
// NO-UNREGISTERED
func.func @f() {
  return
}
func.func @f() {
  return
}

// ERROR: 4:9: expected operation name in quotes
// NO-UNREGISTERED
func.func @f() {
  return

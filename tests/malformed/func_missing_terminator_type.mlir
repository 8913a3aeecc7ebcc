// ERROR: 4:12: expected ':'
// NO-UNREGISTERED
func.func @f(%a: i32) -> i32 {
  return %a
}

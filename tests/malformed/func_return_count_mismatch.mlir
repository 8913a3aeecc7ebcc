// ERROR: 4:3: 'func.return' op has 1 operands, but enclosing function (@f) returns 2
// NO-UNREGISTERED
func.func @f(%a: i32) -> (i32, i32) {
  return %a : i32
}

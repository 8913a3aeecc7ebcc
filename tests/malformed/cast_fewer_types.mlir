// ERROR: 3:43: custom op 'builtin.unrealized_conversion_cast' number of operands and types do not match: got 2 operands and 1 types
func.func @f(%a: i32, %b: i32) {
  %0 = builtin.unrealized_conversion_cast %a, %b : i32 to i64
  return
}

// ERROR: 3:43: custom op 'builtin.unrealized_conversion_cast' number of operands and types do not match: got 1 operands and 2 types
func.func @f(%a: i32, %b: i32) {
  %0 = builtin.unrealized_conversion_cast %a : i32, i32 to i64
  return
}

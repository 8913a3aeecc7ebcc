// ERROR: 4:3: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f
// NO-UNREGISTERED
func.func @f(%a: i64) -> i32 {
  return %a : i64
}

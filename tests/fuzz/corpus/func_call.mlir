func.func private @callee(i32) -> i32
func.func @caller(%x: i32) -> i32 {
  %0 = call @callee(%x) : (i32) -> i32
  return %0 : i32
}

func.func @f(%a: i32 {foo.arg = 1 : i64}, %b: f32) -> (i32 {foo.res}) attributes {foo.fn} {
  return %a : i32
}

func.func @f(%c: i1, %x: i32) -> i32 {
  "foo.cond_br"(%c, %x)[^bb1, ^bb2] : (i1, i32) -> ()
^bb1:
  return %x : i32
^bb2:
  "foo.br"()[^bb1] : () -> ()
}

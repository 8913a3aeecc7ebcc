func.func private @decl(i32, f32 {a.x}) -> (i32 {a.r = 1}, f32)
func.func nested @nest(%a: i32 {a.x, a.y = "s"}, %b: f32) -> (i32 {a.z}) attributes {a.attr = 1, b = 2} {
  %0:2 = func.call @decl(%a, %b) : (i32, f32) -> (i32, f32)
  return %0#0 : i32
}
func.func public @pub() {
  return
}
func.func @multi(%c: i1) -> () {
  "foo.cond"(%c)[^a, ^b] : (i1) -> ()
^a:
  "foo.r"() ({
    "foo.r"() ({
       "foo.x"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  return
^b:
  "foo.x"() : () -> ()
  call @pub() : () -> ()
  return
}
func.func private @d2() -> ((i32) -> i32)
func.func private @d5() -> (i32)
func.func private @d6() -> i32 attributes {a.q}
func.func @argloc(%x: i32 loc("foo")) { return }
func.func @noterm() attributes {} { "foo.t"() : () -> () }

// Users of values: none, one, several, the same op twice, ops without
// results numbered, multi-result ops, users in nested regions and blocks.
func.func @f(%a: i32, %unused: i32, %twice: i32) -> i32 {
  %c = arith.constant 2 : i32
  %dead = arith.constant 3 : i32
  %0 = "test.op"(%a, %c) : (i32, i32) -> i32
  %1:3 = "test.triple"(%0, %twice, %twice) : (i32, i32, i32) -> (i32, i32, i32)
  "test.sink"(%1#0, %1#0) : (i32, i32) -> ()
  %2:2 = "test.pair"(%1#1) : (i32) -> (i32, i32)
  "test.noresult"() : () -> ()
  %3 = "test.region"(%2#0) ({
  ^bb0(%x: i32, %y: i32):
    %4 = "test.op"(%x, %0) : (i32, i32) -> i32
    "test.br"(%4)[^bb1] : (i32) -> ()
  ^bb1(%z: i32):
    "test.yield"(%z, %a) : (i32, i32) -> ()
  }) : (i32) -> i32
  "test.sink"(%3, %2#1, %1#2) : (i32, i32, i32) -> ()
  return %3 : i32
}
func.func private @decl(i32) -> i32
func.func @empty() {
  return
}

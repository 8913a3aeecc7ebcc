// Numbering across regions: sibling and nested regions, two functions
// (arguments go on counting under unique ids), names from hooks that
// conflict, multi-block regions.
func.func @f(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = "test.op"(%a) : (i32) -> i32
  %1 = "test.two"(%0) ({
  ^bb0(%x: i32):
    %c0_1 = arith.constant 0 : i32
    %2 = "test.op"(%x, %c0_1) : (i32, i32) -> i32
    %3 = "test.inner"() ({
      %c0_2 = arith.constant 0 : i32
      %4 = "test.op"(%c0_2) : (i32) -> i32
      "test.yield"(%4) : (i32) -> ()
    }) : () -> i32
    "test.yield"(%3) : (i32) -> ()
  }, {
  ^bb0(%x: i32, %y: i32):
    %c0_3 = arith.constant 0 : i32
    %5 = "test.op"(%x, %y) : (i32, i32) -> i32
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    "test.yield"(%5) : (i32) -> ()
  }) : (i32) -> i32
  %6 = "test.op"(%1, %b) : (i32, i32) -> i32
  return %6 : i32
}
func.func @g(%a: i32, %b: i32, %c: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = "test.op"(%a, %b, %c, %c0) : (i32, i32, i32, i32) -> i32
  return %0 : i32
}
"test.top"() ({
^bb0(%t: i32):
  %0 = "test.op"(%t) : (i32) -> i32
  "test.yield"(%0) : (i32) -> ()
}) : () -> ()

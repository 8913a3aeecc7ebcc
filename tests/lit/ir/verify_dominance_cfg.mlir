// RUN: sdy_opt --allow-unregistered-dialect -split-input-file -verify-diagnostics %s
// Between blocks of a region that its entry reaches, MLIR's dominator tree
// decides (DominanceInfo::properlyDominates): a block dominates another
// when every path from the entry to it goes through the first. Expected
// errors are mlir-opt-22's.

// the two arms of a diamond dominate neither each other nor the join
func.func @diamond() {
  "t.cbr"()[^bb1, ^bb2] : () -> ()
^bb1:
  // expected-note @below {{operand defined here (op in the same region)}}
  %x = "t.def"() : () -> i32
  "t.br"()[^bb3] : () -> ()
^bb2:
  // expected-error @below {{operand #0 does not dominate this use}}
  "t.use"(%x) : (i32) -> ()
  "t.br"()[^bb3] : () -> ()
^bb3:
  func.return
}

// -----

// expected-note @below {{operand defined as a block argument (block #2 in a parent region)}}
func.func @diamond_join() {
  "t.cbr"()[^bb1, ^bb2] : () -> ()
^bb1:
  %x = "t.def"() : () -> i32
  "t.br"()[^bb3] : () -> ()
^bb2(%y: i32):
  "t.br"()[^bb3] : () -> ()
^bb3:
  "t.reg"() ({
    // expected-error @below {{operand #0 does not dominate this use}}
    "t.use"(%y) : (i32) -> ()
    "t.yield"() : () -> ()
  }) : () -> ()
  func.return
}

// -----

// a loop header dominates its body and its exit; the body does not
// dominate the exit
func.func @loop() {
  "t.br"()[^bb1] : () -> ()
^bb1:
  %h = "t.def"() : () -> i32
  "t.cbr"()[^bb2, ^bb3] : () -> ()
^bb2:
  "t.use"(%h) : (i32) -> ()
  // expected-note @below {{operand defined here (op in the same region)}}
  %b = "t.def"() : () -> i32
  "t.br"()[^bb1] : () -> ()
^bb3:
  "t.use"(%h) : (i32) -> ()
  // expected-error @below {{operand #0 does not dominate this use}}
  "t.use"(%b) : (i32) -> ()
  func.return
}

// -----

// a chain: each block dominates those after it
func.func @chain() {
  %e = "t.def"() : () -> i32
  "t.br"()[^bb1] : () -> ()
^bb1:
  %a = "t.def"() : () -> i32
  "t.br"()[^bb2] : () -> ()
^bb2:
  "t.use"(%e, %a) : (i32, i32) -> ()
  "t.br"()[^bb3] : () -> ()
^bb3:
  "t.use"(%a) : (i32) -> ()
  func.return
}

// RUN: sdy_opt --allow-unregistered-dialect -split-input-file -verify-diagnostics %s
// MLIR checks no operand of an op in a block unreachable from its region's
// entry (dominance is meaningless there; the ops' nested regions are still
// checked), and a block unreachable from the entry dominates nothing, so a
// reachable use of a value it defines fails. Expected errors are
// mlir-opt-22's.

func.func @unreachable_block_not_checked(%a: i32) {
  func.return
^bb1:
  %v = "t.op"(%v) : (i32) -> i32
  "t.use"(%w) : (i32) -> ()
  %w = "t.def"() : () -> i32
  func.return
}

// -----

func.func @defined_in_unreachable_block() {
  "t.br"()[^bb2] : () -> ()
^bb1:
  // expected-note @below {{operand defined here (op in the same region)}}
  %x = "t.def"() : () -> i32
  func.return
^bb2:
  // expected-error @below {{operand #0 does not dominate this use}}
  "t.use"(%x) : (i32) -> ()
  func.return
}

// -----

// the regions of an op in an unreachable block are checked: a definition
// after it in its block does not dominate them
func.func @unreachable_nested_same_block() {
  func.return
^bb1:
  "t.reg"() ({
    // expected-error @below {{operand #0 does not dominate this use}}
    "t.use"(%w) : (i32) -> ()
    "t.yield"() : () -> ()
  }) : () -> ()
  // expected-note @below {{operand defined here (op in a parent region)}}
  %w = "t.def"() : () -> i32
  func.return
}

// -----

// an unreachable block is dominated by any other
func.func @unreachable_nested_other_block() {
  func.return
^bb1:
  %w = "t.def"() : () -> i32
  func.return
^bb2:
  "t.reg"() ({
    "t.use"(%w) : (i32) -> ()
    "t.yield"() : () -> ()
  }) : () -> ()
  func.return
}

// -----

// expected-note @below {{operand defined as a block argument (block #1 in the same region)}}
func.func @reachable_use_of_unreachable_arg() {
  "t.br"()[^bb2] : () -> ()
^bb1(%x: i32):
  func.return
^bb2:
  // expected-error @below {{operand #0 does not dominate this use}}
  "t.use"(%x) : (i32) -> ()
  func.return
}

// -----

// reached through a cycle: checked; ^bb3 is not reached
func.func @cycle(%c: i1) {
  "t.br"()[^bb1] : () -> ()
^bb1:
  %v = "t.def"() : () -> i32
  "t.cbr"()[^bb2, ^bb1] : () -> ()
^bb2:
  "t.use"(%v) : (i32) -> ()
  "t.br"()[^bb1] : () -> ()
^bb3:
  "t.use"(%q) : (i32) -> ()
  %q = "t.def"() : () -> i32
  func.return
}

// -----

func.func @cycle_checked(%c: i1) {
  "t.br"()[^bb1] : () -> ()
^bb1:
  %v = "t.def"() : () -> i32
  "t.cbr"()[^bb2, ^bb1] : () -> ()
^bb2:
  // expected-error @below {{operand #0 does not dominate this use}}
  "t.use"(%q) : (i32) -> ()
  // expected-note @below {{operand defined here (op in the same block)}}
  %q = "t.def"() : () -> i32
  "t.br"()[^bb1] : () -> ()
}

// -----

// the entry block is dominated by no other
func.func @entry_use_of_later_block() {
  // expected-error @below {{operand #0 does not dominate this use}}
  "t.use"(%v) : (i32) -> ()
  "t.br"()[^bb1] : () -> ()
^bb1:
  // expected-note @below {{operand defined here (op in the same region)}}
  %v = "t.def"() : () -> i32
  func.return
}

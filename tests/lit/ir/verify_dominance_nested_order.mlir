// RUN: sdy_opt --allow-unregistered-dialect -split-input-file -verify-diagnostics %s
// MLIR checks dominance region by region
// (OperationVerifier::verifyDominanceOfContainedRegions): the operands of
// every op of a region's blocks first, the ops holding regions pushed on a
// worklist and taken last first, so the first error reported is an outer
// op's, else the nested region of the LAST such op. sharc's verifier checks
// dominance on its one depth-first walk and keeps the failure MLIR's order
// reports first. Expected errors are mlir-opt-22's.

func.func @outer_use_before_nested(%a: i32) {
  "t.reg"() ({
    "t.use"(%x) : (i32) -> ()
    "t.yield"() : () -> ()
  }) : () -> ()
  // expected-error @below {{operand #0 does not dominate this use}}
  "t.use"(%y) : (i32) -> ()
  %x = "t.def"() : () -> i32
  // expected-note @below {{operand defined here (op in the same block)}}
  %y = "t.def"() : () -> i32
  func.return
}

// -----

func.func @last_nested_region_first(%a: i32) {
  "t.reg"() ({
    "t.reg"() ({
      "t.use"(%x) : (i32) -> ()
      "t.yield"() : () -> ()
    }) : () -> ()
    "t.use"(%y) : (i32) -> ()
    "t.yield"() : () -> ()
  }) : () -> ()
  "t.reg"() ({
    // expected-error @below {{operand #0 does not dominate this use}}
    "t.use"(%z) : (i32) -> ()
    "t.yield"() : () -> ()
  }) : () -> ()
  %x = "t.def"() : () -> i32
  %y = "t.def"() : () -> i32
  // expected-note @below {{operand defined here (op in a parent region)}}
  %z = "t.def"() : () -> i32
  func.return
}

// -----

// the regions of one op are taken together, before those nested in them
func.func @two_regions_one_op() {
  "t.reg2"() ({
    "t.reg"() ({
      "t.use"(%a) : (i32) -> ()
      "t.yield"() : () -> ()
    }) : () -> ()
    "t.yield"() : () -> ()
  }, {
    // expected-error @below {{operand #0 does not dominate this use}}
    "t.use"(%b) : (i32) -> ()
    "t.yield"() : () -> ()
  }) : () -> ()
  %a = "t.def"() : () -> i32
  // expected-note @below {{operand defined here (op in a parent region)}}
  %b = "t.def"() : () -> i32
  func.return
}

// -----

// a failure in a region left earlier comes after one in a later sibling's
// nested regions, the last of them first
func.func @nested_then_sibling_nested() {
  "t.reg"() ({
    "t.reg"() ({
      "t.use"(%a) : (i32) -> ()
      "t.yield"() : () -> ()
    }) : () -> ()
    "t.yield"() : () -> ()
  }) : () -> ()
  "t.reg"() ({
    "t.reg"() ({
      "t.use"(%b) : (i32) -> ()
      "t.yield"() : () -> ()
    }) : () -> ()
    "t.reg"() ({
      // expected-error @below {{operand #0 does not dominate this use}}
      "t.use"(%c) : (i32) -> ()
      "t.yield"() : () -> ()
    }) : () -> ()
    "t.yield"() : () -> ()
  }) : () -> ()
  %a = "t.def"() : () -> i32
  %b = "t.def"() : () -> i32
  // expected-note @below {{operand defined here (op in a parent region)}}
  %c = "t.def"() : () -> i32
  func.return
}

// -----

// the first failure of a region, in order, found after one in a region
// nested in it (the multi-block region of an unregistered op has SSA
// dominance, a single-block one has none)
func.func @outer_after_closed_nested() {
  "t.multi"() ({
    "t.br"()[^bb1] : () -> ()
  ^bb1:
    "t.reg"() ({
      "t.use"(%a) : (i32) -> ()
      "t.yield"() : () -> ()
    }) : () -> ()
    // expected-error @below {{operand #0 does not dominate this use}}
    "t.use"(%b) : (i32) -> ()
    "t.use"(%c) : (i32) -> ()
    // expected-note @below {{operand defined here (op in the same block)}}
    %b = "t.def"() : () -> i32
    %c = "t.def"() : () -> i32
    "t.yield"() : () -> ()
  }) : () -> ()
  %a = "t.def"() : () -> i32
  func.return
}

// -----

// each function reports its own first failure
module {
  func.func @f1() {
    // expected-error @below {{operand #0 does not dominate this use}}
    "t.use"(%a) : (i32) -> ()
    // expected-note @below {{operand defined here (op in the same block)}}
    %a = "t.def"() : () -> i32
    func.return
  }
  func.func @f2() {
    "t.reg"() ({
      // expected-error @below {{operand #0 does not dominate this use}}
      "t.use"(%b) : (i32) -> ()
      "t.yield"() : () -> ()
    }) : () -> ()
    // expected-note @below {{operand defined here (op in a parent region)}}
    %b = "t.def"() : () -> i32
    func.return
  }
}

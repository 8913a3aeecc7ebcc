// RUN: sdy_opt --allow-unregistered-dialect -split-input-file -verify-diagnostics %s
// XFAIL: *
// Known gap (src/asm/verify.c, left to its owner): MLIR checks dominance
// region by region (OperationVerifier::verifyDominanceOfContainedRegions):
// the operands of every op of a region's blocks first, the ops holding
// regions pushed on a worklist and taken last first, so the first error
// reported is an outer op's, else the nested region of the LAST such op.
// sharc checks each op's operands and then its regions, depth first, and
// reports the first nested error in textual order. Expected errors are
// mlir-opt-22's; remove the XFAIL line with the fix.

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

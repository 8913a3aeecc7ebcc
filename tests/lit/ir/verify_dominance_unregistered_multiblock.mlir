// RUN: sdy_opt --allow-unregistered-dialect -split-input-file -verify-diagnostics %s
// MLIR leaves out of dominance only the SINGLE-block regions of an
// unregistered op (it may be a graph region;
// DominanceInfoBase::getDominanceInfo); a region of several blocks always
// has SSA dominance. Expected errors are mlir-opt-22's.

func.func @in_function() {
  "t.reg"() ({
  ^bb0:
    "t.br"()[^bb1] : () -> ()
  ^bb1:
    // expected-error @below {{operand #0 does not dominate this use}}
    "t.use"(%v) : (i32) -> ()
    // expected-note @below {{operand defined here (op in the same block)}}
    %v = "t.def"() : () -> i32
    "t.yield"() : () -> ()
  }) : () -> ()
  func.return
}

// -----

// at the top level, and next to a single-block region of an unregistered
// op, which has no dominance
"t.reg"() ({
  "t.use"(%u) : (i32) -> ()
  %u = "t.def"() : () -> i32
  "t.yield"() : () -> ()
}) : () -> ()
"t.reg"() ({
^bb0:
  // expected-error @below {{operand #0 does not dominate this use}}
  "t.use"(%w) : (i32) -> ()
  // expected-note @below {{operand defined here (op in the same block)}}
  %w = "t.def"() : () -> i32
  "t.br"()[^bb1] : () -> ()
^bb1:
  "t.yield"() : () -> ()
}) : () -> ()

// -----

// a multi-block region inside a single-block one of an unregistered op
func.func @multi_inside_single() {
  "t.reg"() ({
    "t.use"(%u) : (i32) -> ()
    %u = "t.def"() : () -> i32
    "t.multi"() ({
      "t.br"()[^bb1] : () -> ()
    ^bb1:
      // expected-error @below {{operand #0 does not dominate this use}}
      "t.use"(%z) : (i32) -> ()
      // expected-note @below {{operand defined here (op in the same block)}}
      %z = "t.def"() : () -> i32
      "t.yield"() : () -> ()
    }) : () -> ()
    "t.yield"() : () -> ()
  }) : () -> ()
  func.return
}

// -----

// an unreachable block of one is not checked
func.func @multi_unreachable() {
  "t.multi"() ({
    "t.yield"() : () -> ()
  ^bb1:
    "t.use"(%z) : (i32) -> ()
    %z = "t.def"() : () -> i32
    "t.yield"() : () -> ()
  }) : () -> ()
  func.return
}

// -cse on ops mlir-opt-22 knows too (func, builtin casts, unregistered ops):
// sharc's output is byte-identical to `mlir-opt-22 -cse`, locations included
// (the diff RUN line); the CHECK lines say what CSE did.
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -cse -mlir-print-debuginfo %s > %t.sharc
// RUN: mlir-opt-22 -allow-unregistered-dialect -split-input-file -cse -mlir-print-debuginfo %s > %t.mlir
// RUN: diff %t.sharc %t.mlir
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -cse %s | FileCheck %s

// A pure op equal to an earlier one is replaced by it; the kept op takes the
// duplicate's location when its own is unknown. Unused pure ops go too;
// unregistered ops (effects unknown) stay.
// CHECK-LABEL: func.func @straight_line
// CHECK-NEXT:    %[[A:.*]] = builtin.unrealized_conversion_cast %arg0 : i32 to i64
// CHECK-NEXT:    %[[U0:.*]] = "foo.x"(%arg0)
// CHECK-NEXT:    %[[U1:.*]] = "foo.x"(%arg0)
// CHECK-NEXT:    %[[B:.*]] = builtin.unrealized_conversion_cast %arg0 : i32 to i8
// CHECK-NEXT:    return %[[A]], %[[A]], %[[U0]], %[[U1]], %[[B]]
func.func @straight_line(%a: i32) -> (i64, i64, i64, i64, i8) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64 loc(unknown)
  %1 = builtin.unrealized_conversion_cast %a : i32 to i64 loc("second")
  %dead = builtin.unrealized_conversion_cast %a : i32 to i16
  %u0 = "foo.x"(%a) : (i32) -> i64
  %u1 = "foo.x"(%a) : (i32) -> i64
  %2 = builtin.unrealized_conversion_cast %a : i32 to i8
  return %0, %1, %u0, %u1, %2 : i64, i64, i64, i64, i8
}

// -----

// Results of different types or from different operands are different.
// CHECK-LABEL: func.func @not_equal
// CHECK-COUNT-3: builtin.unrealized_conversion_cast
// CHECK-NEXT:    return
func.func @not_equal(%a: i32, %b: i32) -> (i64, i64, i16) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  %1 = builtin.unrealized_conversion_cast %b : i32 to i64
  %2 = builtin.unrealized_conversion_cast %a : i32 to i16
  return %0, %1, %2 : i64, i64, i16
}

// -----

// An unregistered op might be isolated from above: its region starts from an
// empty table (the outer cast is not reused), then CSEs on its own. Across
// blocks, what dominates is reused, what only a sibling has is not.
// CHECK-LABEL: func.func @regions_and_blocks
// CHECK:         %[[OUT:.*]] = builtin.unrealized_conversion_cast %arg0 : i32 to i64
// CHECK:         "foo.region"() ({
// CHECK-NEXT:      %[[IN:.*]] = builtin.unrealized_conversion_cast %arg0 : i32 to i64
// CHECK-NEXT:      "foo.use"(%[[IN]], %[[IN]])
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[B1:.*]] = builtin.unrealized_conversion_cast %arg0 : i32 to i8
// CHECK-NEXT:    "foo.use"(%[[OUT]], %[[B1]])
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[B2:.*]] = builtin.unrealized_conversion_cast %arg0 : i32 to i8
// CHECK-NEXT:    "foo.use"(%[[B2]])
// CHECK:       ^bb3:
// CHECK-NEXT:    %[[B3:.*]] = builtin.unrealized_conversion_cast %arg0 : i32 to i8
// CHECK-NEXT:    "foo.use"(%[[B3]])
func.func @regions_and_blocks(%a: i32, %c: i1) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  "foo.region"() ({
     %2 = builtin.unrealized_conversion_cast %a : i32 to i64
     %3 = builtin.unrealized_conversion_cast %a : i32 to i64
     "foo.use"(%2, %3) : (i64, i64) -> ()
  }) : () -> ()
  "foo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %4 = builtin.unrealized_conversion_cast %a : i32 to i64
  %5 = builtin.unrealized_conversion_cast %a : i32 to i8
  "foo.use"(%4, %5) : (i64, i8) -> ()
  "foo.br"()[^bb3] : () -> ()
^bb2:
  %6 = builtin.unrealized_conversion_cast %a : i32 to i8
  "foo.use"(%6) : (i8) -> ()
  "foo.br"()[^bb3] : () -> ()
^bb3:
  %7 = builtin.unrealized_conversion_cast %a : i32 to i8
  "foo.use"(%7) : (i8) -> ()
  return %0 : i64
}

// -----

// An unreachable block is not in the dominator tree: it is left as it is.
// CHECK-LABEL: func.func @unreachable
// CHECK:       ^bb1:
// CHECK-NEXT:    builtin.unrealized_conversion_cast
// CHECK-NEXT:    builtin.unrealized_conversion_cast
func.func @unreachable(%a: i32) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  return %0 : i64
^bb1:
  %1 = builtin.unrealized_conversion_cast %a : i32 to i64
  %2 = builtin.unrealized_conversion_cast %a : i32 to i64
  "foo.use"(%1, %2) : (i64, i64) -> ()
  return %1 : i64
}

// -----

// A module body is a graph region: a use that comes before the duplicate is
// redirected unless its user is already known (%0 keeps using %2 here).
// CHECK-LABEL: module
// CHECK-NEXT:    %[[A:.*]] = unrealized_conversion_cast %[[C:.*]] : i64 to i16
// CHECK-NEXT:    %[[B:.*]] = unrealized_conversion_cast to i64
// CHECK-NEXT:    %[[C]] = unrealized_conversion_cast to i64
// CHECK-NEXT:    "foo.use"(%[[B]], %[[B]], %[[A]])
module {
  %2 = builtin.unrealized_conversion_cast %1 : i64 to i16
  %0 = builtin.unrealized_conversion_cast to i64
  %1 = builtin.unrealized_conversion_cast to i64
  "foo.use"(%0, %1, %2) : (i64, i64, i16) -> ()
}

// -----

// A single-block region of an unregistered op is a graph region too.
// CHECK-LABEL: "foo.graph"
// CHECK-NEXT:    %[[A:.*]] = builtin.unrealized_conversion_cast %[[B:.*]] : i64 to i16
// CHECK-NEXT:    %[[B]] = builtin.unrealized_conversion_cast to i64
// CHECK-NEXT:    "foo.use"(%[[B]], %[[A]])
"foo.graph"() ({
  %2 = builtin.unrealized_conversion_cast %1 : i64 to i16
  %0 = builtin.unrealized_conversion_cast to i64
  %1 = builtin.unrealized_conversion_cast to i64
  "foo.use"(%1, %2) : (i64, i16) -> ()
}) : () -> ()

// -----

// Functions are isolated from above: each has its own table.
// CHECK-LABEL: func.func @isolated_a
// CHECK-NEXT:    builtin.unrealized_conversion_cast
// CHECK-LABEL: func.func @isolated_b
// CHECK-NEXT:    builtin.unrealized_conversion_cast
func.func @isolated_a(%a: i32) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  return %0 : i64
}
func.func @isolated_b(%a: i32) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  return %0 : i64
}

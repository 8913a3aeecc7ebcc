// -inline on functions mlir-opt-22 can inline too (bodies of func ops and
// builtin casts): sharc's output is byte-identical to `mlir-opt-22 -inline`,
// call-site locations included, with the default options and with each
// option set (the diff RUN lines).
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -inline -mlir-print-debuginfo %s > %t.sharc
// RUN: mlir-opt-22 -allow-unregistered-dialect -split-input-file -inline -mlir-print-debuginfo %s > %t.mlir
// RUN: diff %t.sharc %t.mlir
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -inline='max-iterations=1 inlining-threshold=150' %s > %t.opt1.sharc
// RUN: mlir-opt-22 -allow-unregistered-dialect -split-input-file -inline='max-iterations=1 inlining-threshold=150' %s > %t.opt1.mlir
// RUN: diff %t.opt1.sharc %t.opt1.mlir
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -inline='inlining-threshold=0' %s > %t.opt2.sharc
// RUN: mlir-opt-22 -allow-unregistered-dialect -split-input-file -inline='inlining-threshold=0' %s > %t.opt2.mlir
// RUN: diff %t.opt2.sharc %t.opt2.mlir
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -inline='inlining-threshold=50' %s > %t.opt3.sharc
// RUN: mlir-opt-22 -allow-unregistered-dialect -split-input-file -inline='inlining-threshold=50' %s > %t.opt3.mlir
// RUN: diff %t.opt3.sharc %t.opt3.mlir
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -inline='default-pipeline=' %s > %t.opt4.sharc
// RUN: mlir-opt-22 -allow-unregistered-dialect -split-input-file -inline='default-pipeline=' %s > %t.opt4.mlir
// RUN: diff %t.opt4.sharc %t.opt4.mlir
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -inline='default-pipeline=cse op-pipelines=func.func(cse,canonicalize),func.func()' %s > %t.opt5.sharc
// RUN: mlir-opt-22 -allow-unregistered-dialect -split-input-file -inline='default-pipeline=cse op-pipelines=func.func(cse,canonicalize),func.func()' %s > %t.opt5.mlir
// RUN: diff %t.opt5.sharc %t.opt5.mlir
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -inline %s | FileCheck %s
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -inline -mlir-print-debuginfo %s | FileCheck %s --check-prefix=LOC

// Calls are inlined callees first: @leaf into @mid, then @mid (with @leaf
// already in it) into @top. Results and arguments are remapped. A private
// callee whose last call was inlined is erased, so is an unused private one;
// public ones stay. A recursive function is not inlined, nor a call or a
// callee marked no_inline.
// CHECK-LABEL: func.func @mid
// CHECK-NEXT:    %[[R:.*]] = call @rec(%arg0)
// CHECK-NEXT:    return %[[R]]
// CHECK-LABEL: func.func @rec
// CHECK-NEXT:    call @rec
// CHECK-LABEL: func.func @top
// CHECK-NEXT:    %[[R:.*]] = call @rec(%arg0)
// CHECK-NEXT:    %[[N:.*]] = call @mid(%[[R]]) {no_inline}
// CHECK-NEXT:    %[[M:.*]] = call @noinl(%[[N]])
// CHECK-NEXT:    return %[[M]]
// CHECK-NOT:   @leaf
// CHECK-NOT:   @unused_priv
func.func private @unused_priv(%a: i32) -> i32 {
  return %a : i32
}
func.func private @leaf(%a: i32, %b: i32) -> (i32, i32) {
  return %b, %a : i32, i32
}
func.func @mid(%a: i32) -> i32 {
  %0:2 = call @leaf(%a, %a) : (i32, i32) -> (i32, i32)
  %1 = call @rec(%0#1) : (i32) -> i32
  return %1 : i32
}
func.func @rec(%a: i32) -> i32 {
  %0 = call @rec(%a) : (i32) -> i32
  return %0 : i32
}
func.func @noinl(%a: i32) -> i32 attributes {no_inline} {
  return %a : i32
}
func.func @top(%a: i32) -> i32 {
  %0 = call @mid(%a) : (i32) -> i32
  %1 = call @mid(%0) {no_inline} : (i32) -> i32
  %2 = call @noinl(%1) : (i32) -> i32
  return %2 : i32
}

// -----

// Inlined ops take call-site locations (callee location at the call's);
// a callee location that already is a call site gets the new caller at the
// end of its chain. A call with an unknown location leaves them as they are.
// Ops of a dialect without an inliner interface (unregistered ones) cannot
// be inlined; casts can.
// LOC-LABEL: func.func @locations
// LOC-NEXT:    call @unreg(%arg0) : (i32) -> i32 loc(#[[UNREG:loc[0-9]+]])
// LOC-NEXT:    builtin.unrealized_conversion_cast %arg0 : i32 to i64 loc(#[[CAST:loc[0-9]+]])
// LOC-NEXT:    builtin.unrealized_conversion_cast %arg0 : i32 to i16 loc(#[[INNER:loc[0-9]+]])
// LOC-NEXT:    builtin.unrealized_conversion_cast %arg0 : i32 to i8 loc(#[[INNER2:loc[0-9]+]])
// LOC:         #[[UNREG]] = loc("at_unreg")
// LOC-NEXT:    #[[CASTOP:loc[0-9]+]] = loc("cast_op")
// LOC-NEXT:    #[[CALLCAST:loc[0-9]+]] = loc("call_cast")
// LOC-NEXT:    #[[X:loc[0-9]+]] = loc("x")
// LOC-NEXT:    #[[Y:loc[0-9]+]] = loc("y")
// LOC-NEXT:    #[[CALLINNER:loc[0-9]+]] = loc("call_inner")
// LOC-NEXT:    #[[INNER2]] = loc("inner_op_2")
// LOC-NEXT:    = loc("{{.*}}inline.mlir":{{[0-9]+}}:3)
// LOC-NEXT:    #[[CAST]] = loc(callsite(#[[CASTOP]] at #[[CALLCAST]]))
// LOC-NEXT:    #[[YC:loc[0-9]+]] = loc(callsite(#[[Y]] at #[[CALLINNER]]))
// LOC-NEXT:    #[[INNER]] = loc(callsite(#[[X]] at #[[YC]]))
func.func private @unreg(%a: i32) -> i32 {
  %0 = "foo.op"(%a) : (i32) -> i32 loc("unreg_op")
  return %0 : i32
}
func.func private @cast(%a: i32) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64 loc("cast_op")
  return %0 : i64
}
func.func private @inner(%a: i32) -> i16 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i16 loc(callsite("x" at "y"))
  return %0 : i16 loc("ret")
}
func.func private @inner2(%a: i32) -> i8 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i8 loc("inner_op_2")
  return %0 : i8
}
func.func @locations(%a: i32) -> (i32, i64, i16, i8) {
  %0 = call @unreg(%a) : (i32) -> i32 loc("at_unreg")
  %1 = call @cast(%a) : (i32) -> i64 loc("call_cast")
  %2 = call @inner(%a) : (i32) -> i16 loc("call_inner")
  %3 = call @inner2(%a) : (i32) -> i8 loc(unknown)
  return %0, %1, %2, %3 : i32, i64, i16, i8
}

// -----

// Mutual recursion: the callee calls its caller, so neither is inlined. In a
// longer cycle, calls are inlined until the inline history shows a callee
// would be inlined into a copy of itself. A private callee called twice is
// cloned for the first call and moved for the last. A function referenced
// from an attribute is not discardable, but its calls are still inlined.
// Nested visibility is discardable inside the hidden top module.
// CHECK-LABEL: func.func private @a
// CHECK-NEXT:    call @b
// CHECK-LABEL: func.func private @b
// CHECK-NEXT:    call @a
// CHECK-LABEL: func.func private @c2
// CHECK-NEXT:    call @c2
// CHECK-LABEL: func.func @user
// CHECK-NEXT:    %[[A:.*]] = call @a(%arg0)
// CHECK-NEXT:    %[[C:.*]] = call @c2(%[[A]])
// CHECK-NEXT:    %[[X:.*]] = builtin.unrealized_conversion_cast %[[C]] : i32 to i64
// CHECK-NEXT:    %[[Y:.*]] = builtin.unrealized_conversion_cast %[[C]] : i32 to i64
// CHECK-NEXT:    return %[[X]], %[[C]], %[[Y]], %[[C]]
// CHECK-LABEL: func.func private @twice2
// CHECK-LABEL: func.func @user2
// CHECK-NEXT:    return %arg0
// CHECK:         module @inner {
// CHECK-NEXT:      func.func private @hidden
// CHECK-NEXT:        return
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func private @a(%x: i32) -> i32 {
  %0 = call @b(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @b(%x: i32) -> i32 {
  %0 = call @a(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @c1(%x: i32) -> i32 {
  %0 = call @c2(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @c2(%x: i32) -> i32 {
  %0 = call @c3(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @c3(%x: i32) -> i32 {
  %0 = call @c1(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @twice(%x: i32) -> (i32, i64) {
  %0 = builtin.unrealized_conversion_cast %x : i32 to i64
  return %x, %0 : i32, i64
}
func.func @user(%x: i32) -> (i64, i32, i64, i32) {
  %0 = call @a(%x) : (i32) -> i32
  %1 = call @c1(%0) : (i32) -> i32
  %2:2 = call @twice(%1) : (i32) -> (i32, i64)
  %3:2 = call @twice(%2#0) : (i32) -> (i32, i64)
  return %2#1, %3#0, %3#1, %1 : i64, i32, i64, i32
}
func.func @refs() attributes {r = @twice2} {
  return
}
func.func private @twice2(%x: i32) -> i32 {
  return %x : i32
}
func.func @user2(%x: i32) -> i32 {
  %0 = call @twice2(%x) : (i32) -> i32
  return %0 : i32
}
module @inner {
  func.func private @hidden(%x: i32) -> i32 {
    return %x : i32
  }
  func.func nested @nest(%x: i32) -> i32 {
    %0 = call @hidden(%x) : (i32) -> i32
    return %0 : i32
  }
  func.func nested @unused_nested(%x: i32) -> i32 {
    return %x : i32
  }
}

// -----

// A region of an op without an inliner interface (here an unregistered op)
// cannot receive inlined code; the call beside it is inlined. The default
// pipeline (canonicalize) cleans the callee first.
// CHECK-LABEL: func.func private @f
// CHECK-NEXT:    %[[X:.*]] = builtin.unrealized_conversion_cast %arg0 : i32 to i64
// CHECK-NEXT:    return %[[X]]
// CHECK-LABEL: func.func @g
// CHECK:         func.call @f(%arg0)
// CHECK:         %[[Y:.*]] = builtin.unrealized_conversion_cast %arg0 : i32 to i64
// CHECK-NEXT:    return %[[Y]]
func.func private @f(%x: i32) -> i64 {
  %0 = builtin.unrealized_conversion_cast %x : i32 to i64
  %1 = builtin.unrealized_conversion_cast %x : i32 to i64
  %2 = builtin.unrealized_conversion_cast %x : i32 to i16
  return %0 : i64
}
func.func @g(%x: i32) -> i64 {
  "foo.region"() ({
    %0 = func.call @f(%x) : (i32) -> i64
    "foo.yield"(%0) : (i64) -> ()
  }, {}) : () -> ()
  %1 = call @f(%x) : (i32) -> i64
  return %1 : i64
}

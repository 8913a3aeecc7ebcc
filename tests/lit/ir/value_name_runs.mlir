// RUN: sdy_opt --allow-unregistered-dialect %s | FileCheck %s
// Value and block names written <prefix><N> (`%v12`, `%x_3`, `^bb2`) are
// looked up by N in a run of their prefix: `%v01` and `%v1` stay distinct,
// `%v1_2` is N 2 of `%v1_`, a huge N still resolves, nested regions see
// outer names, a graph region's forward reference resolves, and the names of
// more prefixes than the parser keeps runs for still resolve.

// CHECK: func.func @f(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = "foo.a"(%arg1) : (i32) -> i32
// CHECK-NEXT: %1 = "foo.b"(%arg0) : (i32) -> i32
// CHECK-NEXT: %2 = "foo.c"(%0, %1) : (i32, i32) -> i32
// CHECK-NEXT: %3 = "foo.d"(%2) : (i32) -> i32
// CHECK-NEXT: %4 = "foo.e"(%3, %0) : (i32, i32) -> i32
// CHECK-NEXT: %5:2 = "foo.r"(%4) ({
// CHECK-NEXT: %24 = "foo.inner"(%4, %1) : (i32, i32) -> i32
// CHECK-NEXT: "foo.yield"(%24) : (i32) -> ()
// CHECK-NEXT: }) : (i32) -> (i32, i32)
// CHECK-NEXT: "foo.graph"() ({
// CHECK-NEXT: "foo.use"(%24#1) : (i32) -> ()
// CHECK-NEXT: %24:2 = "foo.def"(%5#0) : (i32) -> (i32, i32)
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "foo.br"(%5#1)[^bb1] : (i32) -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "foo.br"()[^bb2] : () -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %6 = "foo.s"() : () -> i32
// CHECK-NEXT: %7 = "foo.s"() : () -> i32
// CHECK-NEXT: %8 = "foo.s"() : () -> i32
// CHECK-NEXT: %9 = "foo.s"() : () -> i32
// CHECK-NEXT: %10 = "foo.s"() : () -> i32
// CHECK-NEXT: %11 = "foo.s"() : () -> i32
// CHECK-NEXT: %12 = "foo.s"() : () -> i32
// CHECK-NEXT: %13 = "foo.s"() : () -> i32
// CHECK-NEXT: %14 = "foo.s"() : () -> i32
// CHECK-NEXT: %15 = "foo.s"() : () -> i32
// CHECK-NEXT: %16 = "foo.s"() : () -> i32
// CHECK-NEXT: %17 = "foo.s"() : () -> i32
// CHECK-NEXT: %18 = "foo.s"() : () -> i32
// CHECK-NEXT: %19 = "foo.s"() : () -> i32
// CHECK-NEXT: %20 = "foo.s"() : () -> i32
// CHECK-NEXT: %21 = "foo.s"() : () -> i32
// CHECK-NEXT: %22 = "foo.s"() : () -> i32
// CHECK-NEXT: %23 = "foo.t"(%22, %22, %4) : (i32, i32, i32) -> i32
// CHECK-NEXT: return %23 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @g(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = "foo.a"(%arg0) : (i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f(%x_0: i32, %x_1: i32) -> i32 {
  %v01 = "foo.a"(%x_1) : (i32) -> i32
  %v1 = "foo.b"(%x_0) : (i32) -> i32
  %v1_2 = "foo.c"(%v01, %v1) : (i32, i32) -> i32
  %v123456789 = "foo.d"(%v1_2) : (i32) -> i32
  %v0 = "foo.e"(%v123456789, %v01) : (i32, i32) -> i32
  %v3:2 = "foo.r"(%v0) ({
    %v4 = "foo.inner"(%v0, %v1) : (i32, i32) -> i32
    "foo.yield"(%v4) : (i32) -> ()
  }) : (i32) -> (i32, i32)
  "foo.graph"() ({
    "foo.use"(%w5#1) : (i32) -> ()
    %w5:2 = "foo.def"(%v3#0) : (i32) -> (i32, i32)
  }) : () -> ()
  "foo.br"(%v3#1)[^bb02] : (i32) -> ()
^bb02:
  "foo.br"()[^bb2] : () -> ()
^bb2:
  %a0 = "foo.s"() : () -> i32
  %b0 = "foo.s"() : () -> i32
  %c0 = "foo.s"() : () -> i32
  %d0 = "foo.s"() : () -> i32
  %e0 = "foo.s"() : () -> i32
  %f0 = "foo.s"() : () -> i32
  %g0 = "foo.s"() : () -> i32
  %h0 = "foo.s"() : () -> i32
  %i0 = "foo.s"() : () -> i32
  %j0 = "foo.s"() : () -> i32
  %k0 = "foo.s"() : () -> i32
  %l0 = "foo.s"() : () -> i32
  %m0 = "foo.s"() : () -> i32
  %n0 = "foo.s"() : () -> i32
  %o0 = "foo.s"() : () -> i32
  %p0 = "foo.s"() : () -> i32
  %q0 = "foo.s"() : () -> i32
  %r0 = "foo.t"(%q0, %q0, %v0) : (i32, i32, i32) -> i32
  return %r0 : i32
}
func.func @g(%v1: i32) -> i32 {
  %v0 = "foo.a"(%v1) : (i32) -> i32
  return %v0 : i32
}

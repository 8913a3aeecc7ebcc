// RUN: sdy_opt --allow-unregistered-dialect %s | FileCheck %s
// Value names are looked up in a table of the parse's own, `%N` names by N
// (a dense index that a lone huge N does not grow): `%00` and `%0` stay
// distinct, a name huge enough to miss the index still resolves, and each
// function starts its names afresh.

// CHECK: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = "foo.a"(%arg0) : (i32) -> i32
// CHECK-NEXT: %1 = "foo.b"(%0) : (i32) -> i32
// CHECK-NEXT: %2 = "foo.c"(%1, %0) : (i32, i32) -> i32
// CHECK-NEXT: %3:2 = "foo.d"(%2) : (i32) -> (i32, i32)
// CHECK-NEXT: %4 = "foo.e"(%3#1, %3#0) : (i32, i32) -> i32
// CHECK-NEXT: %5 = "foo.r"(%4) ({
// CHECK-NEXT: %7 = "foo.inner"(%4) : (i32) -> i32
// CHECK-NEXT: "foo.yield"(%7) : (i32) -> ()
// CHECK-NEXT: }) : (i32) -> i32
// CHECK-NEXT: "foo.br"(%5)[^bb1] : (i32) -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %6 = "foo.g"(%0, %2) : (i32, i32) -> i32
// CHECK-NEXT: return %6 : i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func @g(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = "foo.a"(%arg0) : (i32) -> i32
// CHECK-NEXT: %1 = "foo.b"(%0) : (i32) -> i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }

func.func @f(%arg0: i32) -> i32 {
  %99999999 = "foo.a"(%arg0) : (i32) -> i32
  %00 = "foo.b"(%99999999) : (i32) -> i32
  %0 = "foo.c"(%00, %99999999) : (i32, i32) -> i32
  %7:2 = "foo.d"(%0) : (i32) -> (i32, i32)
  %3000 = "foo.e"(%7#1, %7#0) : (i32, i32) -> i32
  %12 = "foo.r"(%3000) ({
    %1 = "foo.inner"(%3000) : (i32) -> i32
    "foo.yield"(%1) : (i32) -> ()
  }) : (i32) -> i32
  "foo.br"(%12)[^bb1] : (i32) -> ()
^bb1:
  %5 = "foo.g"(%99999999, %0) : (i32, i32) -> i32
  return %5 : i32
}
func.func @g(%arg0: i32) -> i32 {
  %99999999 = "foo.a"(%arg0) : (i32) -> i32
  %0 = "foo.b"(%99999999) : (i32) -> i32
  return %0 : i32
}

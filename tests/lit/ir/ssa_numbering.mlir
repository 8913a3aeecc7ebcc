// RUN: sdy_opt --allow-unregistered-dialect %s | FileCheck %s
// Nested regions continue numbering after their whole enclosing region;
// sibling regions start from the same number; result groups take one number.

// CHECK-LABEL: func.func @f(%arg0: i32, %arg1: i32) -> i32 {
func.func @f(%a: i32, %b: i32) -> i32 {
  // CHECK-NEXT: %0 = "foo.a"(%arg0) : (i32) -> i32
  %x = "foo.a"(%a) : (i32) -> i32
  // CHECK-NEXT: %1:2 = "foo.b"(%0) ({
  // CHECK-NEXT: ^bb0(%arg2: i32):
  // CHECK-NEXT:   %4 = "foo.c"(%arg2) : (i32) -> i32
  // CHECK:      }, {
  // CHECK-NEXT:   %4 = "foo.d"() : () -> i32
  %y:2 = "foo.b"(%x) ({
  ^bb0(%q: i32):
    %in = "foo.c"(%q) : (i32) -> i32
    "foo.yield"(%in) : (i32) -> ()
  }, {
    %s = "foo.d"() : () -> i32
    "foo.yield"(%s) : (i32) -> ()
  }) : (i32) -> (i32, i32)
  // CHECK: %2 = "foo.f"(%1#1) : (i32) -> i32
  %z = "foo.f"(%y#1) : (i32) -> i32
  // CHECK: "foo.br"(%2)[^bb1] : (i32) -> ()
  "foo.br"(%z)[^bb1] : (i32) -> ()
// CHECK: ^bb1:  // pred: ^bb0
^bb1:
  // CHECK-NEXT: %3 = "foo.g"() : () -> i32
  %w = "foo.g"() : () -> i32
  // CHECK-NEXT: return %3 : i32
  return %w : i32
}

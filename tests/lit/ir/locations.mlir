// RUN: sdy_opt --allow-unregistered-dialect -mlir-print-debuginfo %s | FileCheck %s
// Block argument locations print inline but still get an alias before the
// module; op locations are aliased after it, deepest last.

// CHECK: #loc2 = loc("argloc")
// CHECK-NEXT: module {
// CHECK-NEXT:   %0 = "a.c"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32 loc("argloc")):
// CHECK-NEXT:     "a.d"() : () -> () loc(#loc5)
// CHECK-NEXT:   }) : () -> i32 loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}locations.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("c")
// CHECK-NEXT: #loc3 = loc("x")
// CHECK-NEXT: #loc4 = loc("y":1:2)
// CHECK-NEXT: #loc5 = loc(callsite(#loc3 at #loc4))
%0 = "a.c"() ({
^bb0(%x: i32 loc("argloc")):
  "a.d"() : () -> () loc(callsite("x" at "y":1:2))
}) : () -> i32 loc("c")

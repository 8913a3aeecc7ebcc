// RUN: sdy_opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-pretty-debuginfo %s | FileCheck %s
// RUN: sdy_opt --allow-unregistered-dialect --mlir-print-local-scope %s | tail -n 1 | FileCheck %s --check-prefix=LOCAL
// --mlir-pretty-debuginfo: top-level locations without loc( ) nor their own
// alias, unknown as [unknown], fused without its keyword, a call site on one
// line only for a named callee called from a file location (mlir-opt-22's
// output). --mlir-print-local-scope prints the module alone: no alias or
// resource after it, and no blank line.

// CHECK: #loc2 = a.py:1:2
// CHECK-NEXT: #loc3 = x.py:9:9
// CHECK-NEXT: #loc16 = attr.py:4:4
// CHECK-NEXT: #loc18 = blk.py:1:1
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: i32 a.py:1:2, %arg1: i32 x.py:9:9) -> i32 {
// CHECK-NEXT:     %0 = "test.a"(%arg0) : (i32) -> i32 "fn"(#loc2)
// CHECK-NEXT:     %1 = "test.b"(%0) : (i32) -> i32 [#loc2, #loc4]
// CHECK-NEXT:     %2 = "test.c"(%1) : (i32) -> i32 <"tag">[#loc5]
// CHECK-NEXT:     %3 = "test.d"(%2) : (i32) -> i32 #loc6 at #loc7
// CHECK-NEXT:     %4 = "test.e"(%3) : (i32) -> i32 #loc8
// CHECK-NEXT:  at #loc9
// CHECK-NEXT:     %5 = "test.f"(%4) : (i32) -> i32 #loc6 at #loc10
// CHECK-NEXT:     %6 = "test.g"(%5) : (i32) -> i32 #loc6
// CHECK-NEXT:  at #loc26
// CHECK-NEXT:     %7 = "test.h"(%6) : (i32) -> i32 [unknown]
// CHECK-NEXT:     %8 = "test.i"(%7) : (i32) -> i32 c.py:1:1 to :3
// CHECK-NEXT:     %9 = "test.j"(%8) {l = #loc16} : (i32) -> i32 "name"(#loc15)
// CHECK-NEXT:     "test.k"() ({
// CHECK-NEXT:     ^bb0(%arg2: i32 blk.py:1:1):
// CHECK-NEXT:       "test.l"(%arg2) : (i32) -> () #loc19 at #loc12
// CHECK-NEXT:     }) : () -> () k.py:1:1
// CHECK-NEXT:     return %9 : i32 a.py:1:2
// CHECK-NEXT:   } f.py:1:1
// CHECK-NEXT: } {{.*}}pretty_debuginfo.mlir:0:0
// CHECK-NEXT: #loc = {{.*}}pretty_debuginfo.mlir:0:0
// CHECK-NEXT: #loc1 = f.py:1:1
// CHECK-NEXT: #loc4 = b.py:3:4
// CHECK-NEXT: #loc5 = c.py:1:1
// CHECK-NEXT: #loc6 = "n"
// CHECK-NEXT: #loc7 = c.py:5:6
// CHECK-NEXT: #loc8 = c.py:7:8
// CHECK-NEXT: #loc9 = d.py:1:1
// CHECK-NEXT: #loc10 = c.py:1:1 to 2:3
// CHECK-NEXT: #loc11 = "m"
// CHECK-NEXT: #loc12 = e.py:1:1
// CHECK-NEXT: #loc13 = [unknown]
// CHECK-NEXT: #loc14 = c.py:1:1 to :3
// CHECK-NEXT: #loc15 = g.py:2:2
// CHECK-NEXT: #loc17 = k.py:1:1
// CHECK-NEXT: #loc19 = "q"
// CHECK-NEXT: #loc20 = "fn"(#loc2)
// CHECK-NEXT: #loc21 = [#loc2, #loc4]
// CHECK-NEXT: #loc22 = <"tag">[#loc5]
// CHECK-NEXT: #loc23 = #loc6 at #loc7
// CHECK-NEXT: #loc24 = #loc8
// CHECK-NEXT:  at #loc9
// CHECK-NEXT: #loc25 = #loc6 at #loc10
// CHECK-NEXT: #loc26 = #loc11 at #loc12
// CHECK-NEXT: #loc27 = "name"(#loc15)
// CHECK-NEXT: #loc28 = #loc19 at #loc12
// CHECK-NEXT: #loc29 = #loc6
// CHECK-NEXT:  at #loc26
// LOCAL: {{^}}}{{$}}

#a = loc("a.py":1:2)
#b = loc("fn"(#a))
func.func @f(%arg0: i32 loc(#a), %arg1: i32 loc("x.py":9:9)) -> i32 {
  %0 = "test.a"(%arg0) : (i32) -> i32 loc(#b)
  %1 = "test.b"(%0) : (i32) -> i32 loc(fused[#a, "b.py":3:4])
  %2 = "test.c"(%1) : (i32) -> i32 loc(fused<"tag">["c.py":1:1, unknown])
  %3 = "test.d"(%2) : (i32) -> i32 loc(callsite("n" at "c.py":5:6))
  %4 = "test.e"(%3) : (i32) -> i32 loc(callsite("c.py":7:8 at "d.py":1:1))
  %5 = "test.f"(%4) : (i32) -> i32 loc(callsite("n" at "c.py":1:1 to 2:3))
  %6 = "test.g"(%5) : (i32) -> i32 loc(callsite("n" at callsite("m" at "e.py":1:1)))
  %7 = "test.h"(%6) : (i32) -> i32 loc(unknown)
  %8 = "test.i"(%7) : (i32) -> i32 loc("c.py":1:1 to :3)
  %9 = "test.j"(%8) {l = loc("attr.py":4:4)} : (i32) -> i32 loc("name"("g.py":2:2))
  "test.k"() ({
  ^bb0(%x: i32 loc("blk.py":1:1)):
    "test.l"(%x) : (i32) -> () loc(callsite("q" at "e.py":1:1))
  }) : () -> () loc("k.py":1:1)
  return %9 : i32 loc(#a)
} loc("f.py":1:1)

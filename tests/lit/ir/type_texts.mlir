// Types found by their text (shaped and function types on one line) and
// printed from a copy of their first print: the same result as a full parse
// and print, around aliases, comments, line breaks, nested function types
// and locations. Expected output: mlir-opt-22.
// RUN: sdy_opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: sdy_opt --allow-unregistered-dialect %s | sdy_opt --allow-unregistered-dialect | FileCheck %s

!t = tensor<4xf32>
!f = (tensor<4xf32>) -> tensor<4xf32>
module {
  %0 = "t.a"() : () -> tensor<4xf32>
  %1 = "t.b"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "t.b"(%1) : (!t) -> !t
  %3 = "t.b"(%2) : (tensor<4xf32>) -> tensor<4xf32> // a comment
  %4:2 = "t.c"(%3, %3) : (tensor<4xf32>, !t)->(tensor<4xf32>, i1)
  %5:2 = "t.c"(%3, %3) : (tensor<4xf32>, !t)->(tensor<4xf32>, i1)
  %6 = "t.d"() {f = ((i1) -> i2) -> i3, g = !f} : () -> (i1)
  %7 = "t.d"() {f = ((i1) -> i2) -> i3, g = (tensor<4xf32>) -> tensor<4xf32>} : () -> (i1)
  %8 = "t.e"() : () -> tuple<(i1) -> i2, tensor<4xf32>>
  %9 = "t.e"() : () -> tuple<(i1) -> i2, tensor<4xf32>>
  %10 = "t.f"(%0) : (tensor<4xf32>) -> tensor<4xf32> loc("here")
  %11 = "t.f"(%0) : (tensor<4xf32>) ->
        tensor<4xf32>
  "t.g"() {h = () -> (), i = () -> ((i1) -> i2)} : () -> ()
  "t.g"() {h = () -> (), i = () -> ((i1) -> i2)} : () -> ()
  %14 = "t.h"() : () -> !t.opaque<"a b">
  %15 = "t.h"() : () -> !t.opaque<"a b">
  %16 = "t.i"() : () -> memref<?xi8, 1>
  %17 = "t.i"() : () -> memref<?xi8, 1>
  %18 = "t.j"() : () -> f32
  %19 = "t.j"() : () -> f32
}

// CHECK: module {
// CHECK-NEXT:   %0 = "t.a"() : () -> tensor<4xf32>
// CHECK-NEXT:   %1 = "t.b"(%0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:   %2 = "t.b"(%1) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:   %3 = "t.b"(%2) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:   %4:2 = "t.c"(%3, %3) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, i1)
// CHECK-NEXT:   %5:2 = "t.c"(%3, %3) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, i1)
// CHECK-NEXT:   %6 = "t.d"() {f = ((i1) -> i2) -> i3, g = (tensor<4xf32>) -> tensor<4xf32>} : () -> i1
// CHECK-NEXT:   %7 = "t.d"() {f = ((i1) -> i2) -> i3, g = (tensor<4xf32>) -> tensor<4xf32>} : () -> i1
// CHECK-NEXT:   %8 = "t.e"() : () -> tuple<(i1) -> i2, tensor<4xf32>>
// CHECK-NEXT:   %9 = "t.e"() : () -> tuple<(i1) -> i2, tensor<4xf32>>
// CHECK-NEXT:   %10 = "t.f"(%0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:   %11 = "t.f"(%0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:   "t.g"() {h = () -> (), i = () -> ((i1) -> i2)} : () -> ()
// CHECK-NEXT:   "t.g"() {h = () -> (), i = () -> ((i1) -> i2)} : () -> ()
// CHECK-NEXT:   %12 = "t.h"() : () -> !t.opaque<"a b">
// CHECK-NEXT:   %13 = "t.h"() : () -> !t.opaque<"a b">
// CHECK-NEXT:   %14 = "t.i"() : () -> memref<?xi8, 1>
// CHECK-NEXT:   %15 = "t.i"() : () -> memref<?xi8, 1>
// CHECK-NEXT:   %16 = "t.j"() : () -> f32
// CHECK-NEXT:   %17 = "t.j"() : () -> f32
// CHECK-NEXT: }
// CHECK-EMPTY:

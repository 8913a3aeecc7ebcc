// RUN: sdy_opt --allow-unregistered-dialect --mlir-print-unique-ssa-ids %s  | FileCheck %s --check-prefix=UNIQUE
// RUN: sdy_opt --allow-unregistered-dialect --mlir-print-unique-ssa-ids --mlir-print-local-scope %s  | FileCheck %s --check-prefix=LOCAL
// -mlir-print-unique-ssa-ids: values, arguments and name conflicts numbered
// once across all regions (nested regions last first), as the generic form
// numbers them, in the custom form.

// Numbering across regions: sibling and nested regions, two functions
// (arguments go on counting under unique ids), names from hooks that
// conflict, multi-block regions.
func.func @f(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = "test.op"(%a) : (i32) -> i32
  %1 = "test.two"(%0) ({
  ^bb0(%x: i32):
    %c0_1 = arith.constant 0 : i32
    %2 = "test.op"(%x, %c0_1) : (i32, i32) -> i32
    %3 = "test.inner"() ({
      %c0_2 = arith.constant 0 : i32
      %4 = "test.op"(%c0_2) : (i32) -> i32
      "test.yield"(%4) : (i32) -> ()
    }) : () -> i32
    "test.yield"(%3) : (i32) -> ()
  }, {
  ^bb0(%x: i32, %y: i32):
    %c0_3 = arith.constant 0 : i32
    %5 = "test.op"(%x, %y) : (i32, i32) -> i32
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    "test.yield"(%5) : (i32) -> ()
  }) : (i32) -> i32
  %6 = "test.op"(%1, %b) : (i32, i32) -> i32
  return %6 : i32
}
func.func @g(%a: i32, %b: i32, %c: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = "test.op"(%a, %b, %c, %c0) : (i32, i32, i32, i32) -> i32
  return %0 : i32
}
"test.top"() ({
^bb0(%t: i32):
  %0 = "test.op"(%t) : (i32) -> i32
  "test.yield"(%0) : (i32) -> ()
}) : () -> ()

// UNIQUE: module {
// UNIQUE-NEXT:   func.func @f(%arg4: i32, %arg5: i32) -> i32 {
// UNIQUE-NEXT:     %c0_i32 = arith.constant 0 : i32
// UNIQUE-NEXT:     %2 = "test.op"(%arg4) : (i32) -> i32
// UNIQUE-NEXT:     %3 = "test.two"(%2) ({
// UNIQUE-NEXT:     ^bb0(%arg8: i32):
// UNIQUE-NEXT:       %c0_i32_1 = arith.constant 0 : i32
// UNIQUE-NEXT:       %6 = "test.op"(%arg8, %c0_i32_1) : (i32, i32) -> i32
// UNIQUE-NEXT:       %7 = "test.inner"() ({
// UNIQUE-NEXT:         %c0_i32_2 = arith.constant 0 : i32
// UNIQUE-NEXT:         %8 = "test.op"(%c0_i32_2) : (i32) -> i32
// UNIQUE-NEXT:         "test.yield"(%8) : (i32) -> ()
// UNIQUE-NEXT:       }) : () -> i32
// UNIQUE-NEXT:       "test.yield"(%7) : (i32) -> ()
// UNIQUE-NEXT:     }, {
// UNIQUE-NEXT:     ^bb0(%arg6: i32, %arg7: i32):
// UNIQUE-NEXT:       %c0_i32_0 = arith.constant 0 : i32
// UNIQUE-NEXT:       %5 = "test.op"(%arg6, %arg7) : (i32, i32) -> i32
// UNIQUE-NEXT:       "test.br"()[^bb1] : () -> ()
// UNIQUE-NEXT:     ^bb1:  // pred: ^bb0
// UNIQUE-NEXT:       "test.yield"(%5) : (i32) -> ()
// UNIQUE-NEXT:     }) : (i32) -> i32
// UNIQUE-NEXT:     %4 = "test.op"(%3, %arg5) : (i32, i32) -> i32
// UNIQUE-NEXT:     return %4 : i32
// UNIQUE-NEXT:   }
// UNIQUE-NEXT:   func.func @g(%arg1: i32, %arg2: i32, %arg3: i32) -> i32 {
// UNIQUE-NEXT:     %c0_i32 = arith.constant 0 : i32
// UNIQUE-NEXT:     %1 = "test.op"(%arg1, %arg2, %arg3, %c0_i32) : (i32, i32, i32, i32) -> i32
// UNIQUE-NEXT:     return %1 : i32
// UNIQUE-NEXT:   }
// UNIQUE-NEXT:   "test.top"() ({
// UNIQUE-NEXT:   ^bb0(%arg0: i32):
// UNIQUE-NEXT:     %0 = "test.op"(%arg0) : (i32) -> i32
// UNIQUE-NEXT:     "test.yield"(%0) : (i32) -> ()
// UNIQUE-NEXT:   }) : () -> ()
// UNIQUE-NEXT: }

// LOCAL: module {
// LOCAL-NEXT:   func.func @f(%arg4: i32, %arg5: i32) -> i32 {
// LOCAL-NEXT:     %c0_i32 = arith.constant 0 : i32
// LOCAL-NEXT:     %2 = "test.op"(%arg4) : (i32) -> i32
// LOCAL-NEXT:     %3 = "test.two"(%2) ({
// LOCAL-NEXT:     ^bb0(%arg8: i32):
// LOCAL-NEXT:       %c0_i32_1 = arith.constant 0 : i32
// LOCAL-NEXT:       %6 = "test.op"(%arg8, %c0_i32_1) : (i32, i32) -> i32
// LOCAL-NEXT:       %7 = "test.inner"() ({
// LOCAL-NEXT:         %c0_i32_2 = arith.constant 0 : i32
// LOCAL-NEXT:         %8 = "test.op"(%c0_i32_2) : (i32) -> i32
// LOCAL-NEXT:         "test.yield"(%8) : (i32) -> ()
// LOCAL-NEXT:       }) : () -> i32
// LOCAL-NEXT:       "test.yield"(%7) : (i32) -> ()
// LOCAL-NEXT:     }, {
// LOCAL-NEXT:     ^bb0(%arg6: i32, %arg7: i32):
// LOCAL-NEXT:       %c0_i32_0 = arith.constant 0 : i32
// LOCAL-NEXT:       %5 = "test.op"(%arg6, %arg7) : (i32, i32) -> i32
// LOCAL-NEXT:       "test.br"()[^bb1] : () -> ()
// LOCAL-NEXT:     ^bb1:  // pred: ^bb0
// LOCAL-NEXT:       "test.yield"(%5) : (i32) -> ()
// LOCAL-NEXT:     }) : (i32) -> i32
// LOCAL-NEXT:     %4 = "test.op"(%3, %arg5) : (i32, i32) -> i32
// LOCAL-NEXT:     return %4 : i32
// LOCAL-NEXT:   }
// LOCAL-NEXT:   func.func @g(%arg1: i32, %arg2: i32, %arg3: i32) -> i32 {
// LOCAL-NEXT:     %c0_i32 = arith.constant 0 : i32
// LOCAL-NEXT:     %1 = "test.op"(%arg1, %arg2, %arg3, %c0_i32) : (i32, i32, i32, i32) -> i32
// LOCAL-NEXT:     return %1 : i32
// LOCAL-NEXT:   }
// LOCAL-NEXT:   "test.top"() ({
// LOCAL-NEXT:   ^bb0(%arg0: i32):
// LOCAL-NEXT:     %0 = "test.op"(%arg0) : (i32) -> i32
// LOCAL-NEXT:     "test.yield"(%0) : (i32) -> ()
// LOCAL-NEXT:   }) : () -> ()
// LOCAL-NEXT: }

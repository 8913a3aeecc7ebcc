// RUN: stablehlo-opt %s | FileCheck %s
// Lists read through the shared comma-list helpers: an unrealized cast of
// more operands than any fixed buffer holds, empty operand lists of
// func.call and tensor.empty, and a dense array list.

// CHECK-LABEL: func @many_cast_operands
// CHECK: builtin.unrealized_conversion_cast %arg0, {{.*}}, %arg69 : i32, {{.*}}, i32 to i64
func.func @many_cast_operands(%a0: i32, %a1: i32, %a2: i32, %a3: i32, %a4: i32, %a5: i32, %a6: i32, %a7: i32, %a8: i32, %a9: i32, %a10: i32, %a11: i32, %a12: i32, %a13: i32, %a14: i32, %a15: i32, %a16: i32, %a17: i32, %a18: i32, %a19: i32, %a20: i32, %a21: i32, %a22: i32, %a23: i32, %a24: i32, %a25: i32, %a26: i32, %a27: i32, %a28: i32, %a29: i32, %a30: i32, %a31: i32, %a32: i32, %a33: i32, %a34: i32, %a35: i32, %a36: i32, %a37: i32, %a38: i32, %a39: i32, %a40: i32, %a41: i32, %a42: i32, %a43: i32, %a44: i32, %a45: i32, %a46: i32, %a47: i32, %a48: i32, %a49: i32, %a50: i32, %a51: i32, %a52: i32, %a53: i32, %a54: i32, %a55: i32, %a56: i32, %a57: i32, %a58: i32, %a59: i32, %a60: i32, %a61: i32, %a62: i32, %a63: i32, %a64: i32, %a65: i32, %a66: i32, %a67: i32, %a68: i32, %a69: i32) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15, %a16, %a17, %a18, %a19, %a20, %a21, %a22, %a23, %a24, %a25, %a26, %a27, %a28, %a29, %a30, %a31, %a32, %a33, %a34, %a35, %a36, %a37, %a38, %a39, %a40, %a41, %a42, %a43, %a44, %a45, %a46, %a47, %a48, %a49, %a50, %a51, %a52, %a53, %a54, %a55, %a56, %a57, %a58, %a59, %a60, %a61, %a62, %a63, %a64, %a65, %a66, %a67, %a68, %a69 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32 to i64
  return %0 : i64
}

func.func private @callee()

// CHECK-LABEL: func @empty_lists
// CHECK-NEXT: call @callee() : () -> ()
// CHECK-NEXT: %0 = tensor.empty() {a = array<i32: 1, -2>} : tensor<2xf32>
func.func @empty_lists() {
  func.call @callee() : () -> ()
  %0 = tensor.empty() {a = array<i32: 1, -2>} : tensor<2xf32>
  return
}

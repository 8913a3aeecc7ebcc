// RUN: not stablehlo-translate --interpret %s 2>&1 | FileCheck %s
// RUN: not stablehlo-translate --interpret -mlir-print-op-on-diagnostic=false %s 2>&1 | FileCheck %s

// MlirTranslateMain prints the op on an op's diagnostic (its
// printOpOnDiagnostic(!verifyDiagnostics) comes after the command line, so
// -mlir-print-op-on-diagnostic=false does not turn it off): a program that
// does not verify gets the error and the "see current operation" note.

// CHECK: :[[@LINE+4]]:3: error: type of return operand 0 ('tensor<2xf32>') doesn't match function result type ('tensor<2xi32>') in function @main
// CHECK: :[[@LINE+3]]:3: note: see current operation: "func.return"(%arg0) : (tensor<2xf32>) -> ()
// CHECK-NOT: error
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xi32> {
  return %arg0 : tensor<2xf32>
}

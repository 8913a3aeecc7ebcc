// RUN: not stablehlo-opt --chlo-legalize-to-stablehlo --mlir-print-op-on-diagnostic %s 2>&1 | FileCheck %s
// The dialect conversion's failure is the op's own error (op->emitError):
// under --mlir-print-op-on-diagnostic it carries the op as a note.

// CHECK: error: failed to legalize operation 'chlo.erf' that was explicitly marked illegal
// CHECK: note: see current operation: %0 = "chlo.erf"(%arg0) : (tensor<?xf32>) -> tensor<?xf32>
func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = chlo.erf %a : tensor<?xf32> -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

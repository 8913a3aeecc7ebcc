// RUN: sdy_opt --allow-unregistered-dialect -mlir-print-debuginfo %s | FileCheck %s
// RUN: sdy_opt --allow-unregistered-dialect -mlir-print-debuginfo %s | sdy_opt --allow-unregistered-dialect -mlir-print-debuginfo | FileCheck %s
// Location aliases may be used before they are defined, as printed output does.

// CHECK: "a.b"() : () -> () loc(#loc1)
// CHECK: #loc1 = loc("later.mlir":7:9)
"a.b"() : () -> () loc(#here)
#here = loc("later.mlir":7:9)

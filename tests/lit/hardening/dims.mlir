// One past INT64_MAX is not a dimension.
// RUN: not sdy_opt --allow-unregistered-dialect %s 2>&1 | FileCheck %s

// CHECK: dims.mlir:[[@LINE+2]]:27: error: invalid dimension
// CHECK-NOT: error
"t.op"() : () -> tensor<4x9223372036854775808xf32>

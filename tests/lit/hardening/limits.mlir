// MLIR's limits: dimensions up to INT64_MAX, a NUL byte inside a string.
// RUN: sdy_opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: printf '"t.op"() {s = "a\0b", t = "\0"} : () -> ()\n' | sdy_opt --allow-unregistered-dialect - | FileCheck %s --check-prefix=NUL
// RUN: printf '"t.op"() {s = "a\0b" : () -> ()\n' | not sdy_opt --allow-unregistered-dialect - 2>&1 | FileCheck %s --check-prefix=NULERR


// CHECK: tensor<9223372036854775807xf32>
// CHECK: vector<9223372036854775807x[9223372036854775807]xf32>
// CHECK: memref<1152921504606846976x8xi8>
"t.op"() : () -> (tensor<9223372036854775807xf32>, vector<9223372036854775807x[9223372036854775807]xf32>, memref<1152921504606846976x8xi8>)

// NUL: "t.op"() {s = "a\00b", t = "\00"} : () -> ()
// A diagnostic on a line holding a NUL shows the whole line.
// NULERR: <stdin>:1:{{[0-9]+}}: error: expected '}'
// NULERR-NEXT: "t.op"() {s = "a{{.}}b" : () -> ()
// NULERR-NEXT: ^

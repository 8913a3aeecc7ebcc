// sparse<indices, values> : type (MLIR's SparseElementsAttr): parsed,
// verified and printed as mlir-opt-22 does, the lone index or value forms,
// `sparse<>`, the values' hex and the elision under the printing flags,
// written and read as bytecode. Each RUN compares with mlir-opt-22.
// RUN: sdy_opt --allow-unregistered-dialect %s > %t.sharc
// RUN: mlir-opt-22 --allow-unregistered-dialect %s > %t.mlir
// RUN: diff %t.sharc %t.mlir
// RUN: FileCheck %s < %t.sharc
// RUN: sdy_opt --allow-unregistered-dialect %t.sharc | diff - %t.mlir
// RUN: sdy_opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=0 %s > %t.hex.sharc
// RUN: mlir-opt-22 --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=0 %s > %t.hex.mlir
// RUN: diff %t.hex.sharc %t.hex.mlir
// RUN: FileCheck %s --check-prefix=HEX < %t.hex.sharc
// RUN: sdy_opt --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=1 --mlir-print-op-generic %s > %t.elide.sharc
// RUN: mlir-opt-22 --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=1 --mlir-print-op-generic %s > %t.elide.mlir
// RUN: diff %t.elide.sharc %t.elide.mlir
// RUN: FileCheck %s --check-prefix=ELIDE < %t.elide.sharc
// RUN: sdy_opt --allow-unregistered-dialect --emit-bytecode %s -o %t.sharc.bc
// RUN: mlir-opt-22 --allow-unregistered-dialect --emit-bytecode %s -o %t.mlir.bc
// RUN: cmp %t.sharc.bc %t.mlir.bc
// RUN: sdy_opt --allow-unregistered-dialect %t.mlir.bc | diff - %t.mlir

// CHECK-LABEL: func.func @sparse
// CHECK-NEXT: %cst = arith.constant sparse<0, 1> : tensor<3xi32>
// CHECK-NEXT: "foo.op"() {
// CHECK-SAME: a = sparse<{{\[}}[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>
// CHECK-SAME: b = sparse<0, 7> : tensor<3x4xi32>
// CHECK-SAME: c = sparse<> : tensor<3xf32>
// CHECK-SAME: d = sparse<1, 2.000000e+00> : tensor<3xf32>
// CHECK-SAME: e = sparse<[0, 2], [1.000000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK-SAME: f = sparse<0, "a"> : tensor<3x!foo.bar>
// CHECK-SAME: g = sparse<> : tensor<3x!foo.bar>
// CHECK-SAME: h = sparse<0, (1.000000e+00,2.000000e+00)> : tensor<3xcomplex<f32>>
// CHECK-SAME: i = sparse<{{\[}}[0], [1]], [true, false]> : tensor<3xi1>
// CHECK-SAME: j = sparse<0, 1> : memref<3xi32>
// CHECK-SAME: k = sparse<0, 1> : vector<3xi32>
// CHECK-SAME: l = sparse<> : tensor<i32>
// CHECK-SAME: m = sparse<0, 1> : tensor<3xi32>
// HEX: a = sparse<{{\[}}[0, 0], [1, 2]], "0x0100000005000000"> : tensor<3x4xi32>
// HEX-SAME: b = sparse<0, 7> : tensor<3x4xi32>
// ELIDE: a = dense_resource<__elided__> : tensor<3x4xi32>
// ELIDE-SAME: b = sparse<0, 7> : tensor<3x4xi32>
func.func @sparse() -> tensor<3xi32> {
  %0 = arith.constant sparse<[0], [1]> : tensor<3xi32>
  "foo.op"() {
    a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>,
    b = sparse<[[0, 0]], [7]> : tensor<3x4xi32>,
    c = sparse<> : tensor<3xf32>,
    d = sparse<1, 2.0> : tensor<3xf32>,
    e = sparse<[0, 2], [1.0, 2.0]> : tensor<3xf32>,
    f = sparse<[0], ["a"]> : tensor<3x!foo.bar>,
    g = sparse<> : tensor<3x!foo.bar>,
    h = sparse<[0], [(1.0, 2.0)]> : tensor<3xcomplex<f32>>,
    i = sparse<[[0], [1]], [true, false]> : tensor<3xi1>,
    j = sparse<[0], [1]> : memref<3xi32>,
    k = sparse<[0], [1]> : vector<3xi32>,
    l = sparse<0, 1> : tensor<i32>,
    m = sparse<[0], "0x01000000"> : tensor<3xi32>
  } : () -> ()
  return %0 : tensor<3xi32>
}

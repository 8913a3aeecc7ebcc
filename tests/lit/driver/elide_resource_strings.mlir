// RUN: sdy_opt --allow-unregistered-dialect --mlir-elide-resource-strings-if-larger=0 %s  | FileCheck %s --check-prefix=ALL
// RUN: sdy_opt --allow-unregistered-dialect --mlir-elide-resource-strings-if-larger=10 %s  | FileCheck %s --check-prefix=TEN
// RUN: sdy_opt --allow-unregistered-dialect --mlir-elide-resource-strings-if-larger=30 %s  | FileCheck %s --check-prefix=THIRTY
// -mlir-elide-resource-strings-if-larger: resources whose printed value is
// longer are left out, empty groups and sections with them; at 0 every one,
// leaving the braces MLIR opens before it elides.

// Resources: blobs and external resources of every kind, some longer than
// the limits tried, some groups left empty by them.
func.func @f() -> (tensor<2xi32>, tensor<3xi32>) {
  %0 = arith.constant dense_resource<blob1> : tensor<2xi32>
  %1 = arith.constant dense_resource<blob2> : tensor<3xi32>
  return %0, %1 : tensor<2xi32>, tensor<3xi32>
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      blob2: "0x04000000010000000200000003000000"
    }
  },
  external_resources: {
    ext: {
      k1: "short",
      k2: "a much longer string value here",
      k3: true
    },
    other: {
      long: "0123456789012345678901234567890123456789"
    },
    last: {
      x: false
    }
  }
#-}

// ALL: module {
// ALL-NEXT:   func.func @f() -> (tensor<2xi32>, tensor<3xi32>) {
// ALL-NEXT:     %cst = arith.constant dense_resource<blob1> : tensor<2xi32>
// ALL-NEXT:     %cst_0 = arith.constant dense_resource<blob2> : tensor<3xi32>
// ALL-NEXT:     return %cst, %cst_0 : tensor<2xi32>, tensor<3xi32>
// ALL-NEXT:   }
// ALL-NEXT: }
// ALL-EMPTY:
// ALL-NEXT: {-#
// ALL-EMPTY:
// ALL-NEXT: #-}

// TEN: module {
// TEN-NEXT:   func.func @f() -> (tensor<2xi32>, tensor<3xi32>) {
// TEN-NEXT:     %cst = arith.constant dense_resource<blob1> : tensor<2xi32>
// TEN-NEXT:     %cst_0 = arith.constant dense_resource<blob2> : tensor<3xi32>
// TEN-NEXT:     return %cst, %cst_0 : tensor<2xi32>, tensor<3xi32>
// TEN-NEXT:   }
// TEN-NEXT: }
// TEN-EMPTY:
// TEN-NEXT: {-#
// TEN-NEXT:   external_resources: {
// TEN-NEXT:     ext: {
// TEN-NEXT:       k1: "short",
// TEN-NEXT:       k3: true
// TEN-NEXT:     },
// TEN-NEXT:     last: {
// TEN-NEXT:       x: false
// TEN-NEXT:     }
// TEN-NEXT:   }
// TEN-NEXT: #-}

// THIRTY: module {
// THIRTY-NEXT:   func.func @f() -> (tensor<2xi32>, tensor<3xi32>) {
// THIRTY-NEXT:     %cst = arith.constant dense_resource<blob1> : tensor<2xi32>
// THIRTY-NEXT:     %cst_0 = arith.constant dense_resource<blob2> : tensor<3xi32>
// THIRTY-NEXT:     return %cst, %cst_0 : tensor<2xi32>, tensor<3xi32>
// THIRTY-NEXT:   }
// THIRTY-NEXT: }
// THIRTY-EMPTY:
// THIRTY-NEXT: {-#
// THIRTY-NEXT:   dialect_resources: {
// THIRTY-NEXT:     builtin: {
// THIRTY-NEXT:       blob1: "0x040000000100000002000000"
// THIRTY-NEXT:     }
// THIRTY-NEXT:   },
// THIRTY-NEXT:   external_resources: {
// THIRTY-NEXT:     ext: {
// THIRTY-NEXT:       k1: "short",
// THIRTY-NEXT:       k3: true
// THIRTY-NEXT:     },
// THIRTY-NEXT:     last: {
// THIRTY-NEXT:       x: false
// THIRTY-NEXT:     }
// THIRTY-NEXT:   }
// THIRTY-NEXT: #-}

// RUN: stablehlo-translate --interpret --args="[dense<[1, 2]> : tensor<2xi32>, dense<3> : tensor<2xi32>]" %s | FileCheck %s
// RUN: not stablehlo-translate --interpret --bogus-flag %s 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not stablehlo-translate %s 2>&1 | FileCheck %s --check-prefix=NOTRANS
// RUN: not stablehlo-translate --interpret --args="[1 : i32]" %s 2>&1 | FileCheck %s --check-prefix=ARGS
// RUN: not stablehlo-translate --interpret --args="oops" %s 2>&1 | FileCheck %s --check-prefix=NOTARRAY

// FLAG: stablehlo-translate: Unknown command line argument '--bogus-flag'.  Try: 'stablehlo-translate --help'
// NOTRANS: stablehlo-translate: Translation to perform option: must be specified at least one time!
// ARGS: error: expected dense elements attribute for args elements, i.e. --args=[dense<1> : tensor<2xi32>, ...]
// NOTARRAY: error: expectected array attribute string for args, i.e. --args=[dense<1> : tensor<2xi32>, ...]

func.func @main(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %c = stablehlo.multiply %a, %b : tensor<2xi32>
  func.return %c : tensor<2xi32>
}
// CHECK:      tensor<2xi32> {
// CHECK-NEXT:   [3, 6]
// CHECK-NEXT: }

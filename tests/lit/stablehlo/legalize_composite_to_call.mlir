// RUN: stablehlo-opt --stablehlo-legalize-composite-to-call %s | FileCheck %s
// RUN: stablehlo-opt --stablehlo-legalize-composite-to-call=except='foo.keep,foo.other' %s | FileCheck %s --check-prefix=EXCEPT
// Composites become calls of their decomposition, except those named in
// the except list.

func.func @add_n.impl(%arg0: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.constant dense<2> : tensor<i64>
  %1 = stablehlo.add %arg0, %0 : tensor<i64>
  func.return %1 : tensor<i64>
}

// CHECK-LABEL: func.func @main
// CHECK: %[[A:.*]] = call @add_n.impl(%{{.*}}) : (tensor<i64>) -> tensor<i64>
// CHECK: %[[B:.*]] = call @add_n.impl(%[[A]]) : (tensor<i64>) -> tensor<i64>
// CHECK-NOT: stablehlo.composite
// EXCEPT-LABEL: func.func @main
// EXCEPT: %[[A:.*]] = call @add_n.impl
// EXCEPT: stablehlo.composite "foo.keep" %[[A]]
func.func @main(%x: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.composite "foo.add_n" %x {
    composite_attributes = { n = 2 : i64 },
    decomposition = @add_n.impl
  } : (tensor<i64>) -> tensor<i64>
  %1 = stablehlo.composite "foo.keep" %0 {
    decomposition = @add_n.impl
  } : (tensor<i64>) -> tensor<i64>
  func.return %1 : tensor<i64>
}

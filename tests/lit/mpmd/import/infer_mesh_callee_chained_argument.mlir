// A callee returning its argument unchanged: Shardy's error, located at the
// return (and nothing leaked on the way out, under ASan).
// RUN: not mpmd_opt %s -mpmd-infer-mesh-pipeline 2>&1 | FileCheck %s --implicit-check-not=Sanitizer

module {
  func.func private @f(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32>
      attributes {topology = #mpmd.topology<<"m1" : <["x"=1]>>, <"m2" : <["x"=1]>>>} {
    // CHECK: :[[@LINE+1]]:5: error: Callee should not have value chained through from arg to result directly.
    return %arg0 : tensor<3x5xf32>
  }
}

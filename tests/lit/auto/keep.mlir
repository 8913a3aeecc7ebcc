// --keep-user-shardings keeps the user's sharding of w and chooses only for
// x; without it every argument is chosen. --estimate prices the module's own
// shardings without searching, with the memory headroom under a limit.
// RUN: sharc auto %s --keep-user-shardings | FileCheck %s --check-prefix=KEEP
// RUN: sharc auto %s --estimate --memory-limit 1MiB | FileCheck %s --check-prefix=EST
// KEEP: search: exhaustive over 1 group of arguments
// KEEP: w  tensor<64x128xf32>  P(None, 'model')  propagated
// EST: search: exhaustive over 0 groups of arguments, 1 sharding set evaluated
// EST: x  tensor<32x64xf32>   P()               propagated
// EST: w  tensor<64x128xf32>  P(None, 'model')  propagated
// EST: peak memory per device: {{.*}} (limit 1.0 MiB, headroom {{.*}})
module {
  sdy.mesh @mesh = <["data"=2, "model"=2]>
  func.func public @main(%arg0: tensor<32x64xf32> loc("x"),
                         %arg1: tensor<64x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>} loc("w")) -> tensor<32x128xf32> {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<32x64xf32>, tensor<64x128xf32>) -> tensor<32x128xf32>
    return %0 : tensor<32x128xf32>
  }
}

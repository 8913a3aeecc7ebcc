// sharc auto on a small MLP with no shardings: every argument gets a
// PartitionSpec (chosen, or left to propagation), the time splits into
// compute and collectives, two rejected alternatives say why they lost, the
// written module carries the chosen shardings and passes sharc verify.
// RUN: sharc auto %s --mesh 'data=4,model=2' --seed 3 --budget 600 -o %t.mlir --verify | FileCheck %s
// RUN: FileCheck %s --check-prefix=OUT < %t.mlir
// The same seed, the same answer; the written module estimates the same.
// RUN: sharc auto %s --mesh 'data=4,model=2' --seed 3 --budget 600 --format json > %t.a.json
// RUN: sharc auto %s --mesh 'data=4,model=2' --seed 3 --budget 600 --format json > %t.b.json
// RUN: diff %t.a.json %t.b.json
// RUN: sharc auto %t.mlir --estimate | FileCheck %s --check-prefix=AGAIN
// A batch-heavy model without a limit: data parallelism, weights replicated.
// CHECK: sharc auto: {{.*}}mlp.mlir on mesh data=4, model=2 (8 devices)
// CHECK: search: {{exhaustive|local search}} over 5 groups of arguments
// CHECK: arguments:
// CHECK-NEXT: x   tensor<256x32xf32>  P(('data', 'model'), None)  chosen
// CHECK-NEXT: w1  tensor<32x64xf32>   P()
// CHECK-NEXT: b1  tensor<64xf32>      P()
// CHECK-NEXT: w2  tensor<64x32xf32>   P()
// CHECK-NEXT: b2  tensor<32xf32>      P()
// CHECK: estimated step time: 0.077 us
// CHECK-NEXT: compute
// CHECK: peak memory per device:
// CHECK: rejected:
// CHECK-NEXT: 1. x: P({{.*}}) instead of P(('data', 'model'), None)
// CHECK-NEXT: (+{{[0-9.]+}} %):
// CHECK-NEXT: 2.
// CHECK: verify: the partitioned program agrees with the global one
// OUT: sdy.mesh @mesh = <["data"=4, "model"=2]>
// OUT: %arg0: tensor<256x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "model"}, {}]>}
// AGAIN: estimated step time: 0.077 us
module {
  func.func public @main(%arg0: tensor<256x32xf32> loc("x"), %arg1: tensor<32x64xf32> loc("w1"),
                         %arg2: tensor<64xf32> loc("b1"), %arg3: tensor<64x32xf32> loc("w2"),
                         %arg4: tensor<32xf32> loc("b2")) -> tensor<256x32xf32> {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<256x32xf32>, tensor<32x64xf32>) -> tensor<256x64xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<64xf32>) -> tensor<256x64xf32>
    %2 = stablehlo.add %0, %1 : tensor<256x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<256x64xf32>
    %3 = stablehlo.maximum %2, %cst : tensor<256x64xf32>
    %4 = stablehlo.dot_general %3, %arg3, contracting_dims = [1] x [0] : (tensor<256x64xf32>, tensor<64x32xf32>) -> tensor<256x32xf32>
    %5 = stablehlo.broadcast_in_dim %arg4, dims = [1] : (tensor<32xf32>) -> tensor<256x32xf32>
    %6 = stablehlo.add %4, %5 : tensor<256x32xf32>
    return %6 : tensor<256x32xf32>
  }
}

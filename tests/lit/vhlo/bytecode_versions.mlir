// RUN: stablehlo-translate --serialize --target=0.9.0 %s | stablehlo-translate --deserialize --print-stablehlo-version | FileCheck %s --check-prefixes=CHECK,V090
// RUN: stablehlo-translate --serialize --target=0.12.0 %s | stablehlo-translate --deserialize --print-stablehlo-version | FileCheck %s --check-prefixes=CHECK,V0120
// RUN: stablehlo-translate --serialize --target=0.14.0 %s | stablehlo-translate --deserialize --print-stablehlo-version | FileCheck %s --check-prefixes=CHECK,V0140
// RUN: stablehlo-translate --serialize --target=1.0.0 %s | stablehlo-translate --deserialize --print-stablehlo-version | FileCheck %s --check-prefixes=CHECK,V100
// RUN: stablehlo-translate --serialize --target=0.9.0 %s | od -A n -t x1 -N 16 | FileCheck %s --check-prefix=HEAD090
// RUN: stablehlo-translate --serialize --target=0.14.0 %s | od -A n -t x1 -N 5 | FileCheck %s --check-prefix=HEAD0140
// RUN: stablehlo-translate --serialize --target=0.14.0 %s | stablehlo-opt --mlir-print-op-generic | FileCheck %s --check-prefix=VHLO
// RUN: stablehlo-translate --serialize --target=0.9.0 %s | stablehlo-translate --deserialize | stablehlo-opt > %t.0
// RUN: stablehlo-opt %s > %t.1
// RUN: diff %t.0 %t.1
// Each target writes the MLIR bytecode version of its StableHLO release
// (Version::getBytecodeVersion: 0.9.0 -> 0, 0.10-0.11 -> 1, 0.12-0.13 -> 3,
// 0.14 -> 4, later -> 6) and names itself in the producer string. Before
// version 5 the VHLO ops' properties travel in their attribute dictionaries.

// V090: // Reading portable artifact with StableHLO version: 0.9.0
// V0120: // Reading portable artifact with StableHLO version: 0.12.0
// V0140: // Reading portable artifact with StableHLO version: 0.14.0
// V100: // Reading portable artifact with StableHLO version: 1.0.0

// "ML\xefR", version 0, "StableHLO_v0.9.0"
// HEAD090: 4d 4c ef 52 01 53 74 61 62 6c 65 48 4c 4f 5f 76
// HEAD0140: 4d 4c ef 52 09

// VHLO: "vhlo.compare_v1"(%{{.*}}, %{{.*}}) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, comparison_direction = #vhlo<comparison_direction_v1 GE>}>

// CHECK-LABEL: func.func @main
func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xi32>) -> tensor<2xf32> {
  // CHECK: stablehlo.constant dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>
  %0 = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf32>
  // CHECK: stablehlo.add
  %1 = stablehlo.add %arg0, %0 : tensor<2xf32>
  // CHECK: stablehlo.compare  GE, %{{.*}}, %arg0,  FLOAT
  %2 = stablehlo.compare GE, %1, %arg0, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  // CHECK: stablehlo.select
  %3 = stablehlo.select %2, %1, %arg0 : tensor<2xi1>, tensor<2xf32>
  // CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.add across dimensions = [0]
  %4 = stablehlo.constant dense<0.0> : tensor<f32>
  %5 = stablehlo.reduce(%3 init: %4) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  // CHECK: stablehlo.convert %arg1 : (tensor<2xi32>) -> tensor<2xf32>
  %6 = stablehlo.convert %arg1 : (tensor<2xi32>) -> tensor<2xf32>
  // CHECK: stablehlo.custom_call @target(%{{.*}}) {backend_config = "cfg", has_side_effect = true}
  %7 = stablehlo.custom_call @target(%6) {backend_config = "cfg", has_side_effect = true} : (tensor<2xf32>) -> tensor<2xf32>
  %8 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<f32>) -> tensor<2xf32>
  %9 = stablehlo.multiply %7, %8 : tensor<2xf32>
  return %9 : tensor<2xf32>
}

// RUN: sdy_opt %s -xla-sdy-round-trip-export-pipeline | FileCheck %s
// RUN: sdy_opt %s -xla-sdy-stablehlo-export-pipeline | FileCheck %s --check-prefix=GSPMD

// The round-trip export adds no sharding to control flow without one (the
// Shardy attributes travel in frontend attributes); the GSPMD export does.
sdy.mesh @mesh = <["x"=2]>

// CHECK-LABEL: func @while_without_sharding
// CHECK: stablehlo.while
// CHECK-NOT: mhlo.sharding
// CHECK: return
// GSPMD-LABEL: func @while_without_sharding
// GSPMD: attributes {mhlo.sharding = "{replicated}"}
func.func @while_without_sharding(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf32> {
  %0 = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.constant dense<4> : tensor<i32>
  %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %0) : tensor<4xf32>, tensor<i32>
    cond {
    %3 = stablehlo.compare LT, %iterArg_1, %1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %3 : tensor<i1>
  } do {
    stablehlo.return %iterArg, %iterArg_1 : tensor<4xf32>, tensor<i32>
  }
  return %2#0 : tensor<4xf32>
}

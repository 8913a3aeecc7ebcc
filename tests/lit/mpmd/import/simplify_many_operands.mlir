// A named computation of more than 16 operands and results: the dedup of
// SimplifyRegionOp looks each source's first target up in a map
// (simplify_region_op.c:dedup_mapped) and keeps the first of each (source,
// type) pair, in order, as the scan of shorter ones does.
// RUN: mpmd_opt %s -mpmd-simplify-named-computations | FileCheck %s

// CHECK-LABEL: func.func @many(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>)
// CHECK-NEXT:    %0 = mpmd.named_computation<"f"> (%arg0, %arg1) (%arg2: tensor<4xf32>, %arg3: tensor<4xf32>) {
// CHECK-NEXT:      %1 = stablehlo.add %arg2, %arg3 : tensor<4xf32>
// CHECK-NEXT:      %2 = stablehlo.add %1, %arg2 : tensor<4xf32>
// CHECK:           %17 = stablehlo.add %16, %arg3 : tensor<4xf32>
// CHECK-NEXT:      mpmd.return %17 : tensor<4xf32>
// CHECK-NEXT:    } : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %0, %arg0, %arg0 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
func.func @many(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) attributes {"topology"=#mpmd.topology<<"m1": <["x"=2]>>>} {
  %r:18 = mpmd.named_computation<"f"> (%x, %y, %x, %y, %x, %y, %x, %y, %x, %y, %x, %y, %x, %y, %x, %y, %x, %y) (%a0: tensor<4xf32>, %a1: tensor<4xf32>, %a2: tensor<4xf32>, %a3: tensor<4xf32>, %a4: tensor<4xf32>, %a5: tensor<4xf32>, %a6: tensor<4xf32>, %a7: tensor<4xf32>, %a8: tensor<4xf32>, %a9: tensor<4xf32>, %a10: tensor<4xf32>, %a11: tensor<4xf32>, %a12: tensor<4xf32>, %a13: tensor<4xf32>, %a14: tensor<4xf32>, %a15: tensor<4xf32>, %a16: tensor<4xf32>, %a17: tensor<4xf32>) {
      %s1 = stablehlo.add %a0, %a1 : tensor<4xf32>
      %s2 = stablehlo.add %s1, %a2 : tensor<4xf32>
      %s3 = stablehlo.add %s2, %a3 : tensor<4xf32>
      %s4 = stablehlo.add %s3, %a4 : tensor<4xf32>
      %s5 = stablehlo.add %s4, %a5 : tensor<4xf32>
      %s6 = stablehlo.add %s5, %a6 : tensor<4xf32>
      %s7 = stablehlo.add %s6, %a7 : tensor<4xf32>
      %s8 = stablehlo.add %s7, %a8 : tensor<4xf32>
      %s9 = stablehlo.add %s8, %a9 : tensor<4xf32>
      %s10 = stablehlo.add %s9, %a10 : tensor<4xf32>
      %s11 = stablehlo.add %s10, %a11 : tensor<4xf32>
      %s12 = stablehlo.add %s11, %a12 : tensor<4xf32>
      %s13 = stablehlo.add %s12, %a13 : tensor<4xf32>
      %s14 = stablehlo.add %s13, %a14 : tensor<4xf32>
      %s15 = stablehlo.add %s14, %a15 : tensor<4xf32>
      %s16 = stablehlo.add %s15, %a16 : tensor<4xf32>
      %s17 = stablehlo.add %s16, %a17 : tensor<4xf32>
      mpmd.return %s17, %a0, %a1, %s17, %s17, %a0, %a1, %s17, %s17, %a0, %a1, %s17, %s17, %a0, %a1, %s17, %s17, %a0 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  } : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#5, %r#17 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// `sharc explain` on nested while loops whose data flow edges keep sharding
// origins: indexing the edges' block arguments grows the value graph while it
// is read (a fuzz_report find; ASan checks the lit run).
// RUN: sharc explain %S/Inputs/nested_loops.mlir %%2#1 | FileCheck %s

// CHECK: %2#1: stablehlo.while tensor<8x16xf32> at model.py:10:1
// CHECK-NEXT: sharding P(None, 'x') on @mesh
// CHECK: axis 'x' (dimension 1): from argument 0 of @main (%arg0, P(None, 'x'))

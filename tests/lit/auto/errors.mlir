// sharc auto's errors: located, exit 1, nothing written (an existing output
// file is left as it was).
// RUN: echo keep > %t.out
// RUN: not sharc auto %s -o %t.out 2>&1 | FileCheck %s --check-prefix=NOMESH
// RUN: not sharc auto %s --mesh 'data=4,,' -o %t.out 2>&1 | FileCheck %s --check-prefix=BADMESH
// RUN: not sharc auto %s --mesh 'data=4,data=2' -o %t.out 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not sharc auto %s --mesh 'data=0' -o %t.out 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not sharc auto %s --mesh 'data=4' --bandwidth model=1e9 -o %t.out 2>&1 | FileCheck %s --check-prefix=AXIS
// RUN: not sharc auto %s --mesh 'data=4' --memory-limit 1KiB -o %t.out 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: not sharc auto %s --mesh 'data=4' --memory-limit -1 -o %t.out 2>&1 | FileCheck %s --check-prefix=BADLIMIT
// RUN: not sharc auto %s --mesh 'data=4' --budget 0 -o %t.out 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: FileCheck %s --check-prefix=KEPT < %t.out
// NOMESH: errors.mlir:[[@LINE+9]]:1: error: the module has no sdy.mesh: name the devices with --mesh (e.g. --mesh 'data=4,model=2')
// BADMESH: errors.mlir:[[@LINE+8]]:1: error: --mesh: expected AXIS=SIZE at ',' (e.g. 'data=4,model=2')
// TWICE: error: --mesh: axis 'data' is named twice
// SIZE: error: --mesh: axis 'data' needs a size from 1 to 1048576
// AXIS: error: --bandwidth: the mesh has no axis 'model'
// LIMIT: errors.mlir:[[@LINE+4]]:1: error: no sharding found fits the memory limit: the smallest needs {{.*}} KiB per device; the limit is 1.0 KiB
// BADLIMIT: sharc auto: error: --memory-limit takes bytes (1000000, 64MiB, 2GB), not '-1'
// BUDGET: sharc auto: error: --budget takes seconds > 0, not '0'
// KEPT: keep
func.func @main(%arg0: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

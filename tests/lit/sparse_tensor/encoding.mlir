// RUN: stablehlo-opt %s | FileCheck %s
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s
// The sparse tensor encoding prints canonically (dimension names d0..,
// level properties, only non-default widths and values), under `#sparse`
// aliases, as mlir-opt-22 prints it.

// CHECK: #sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 floordiv 2 : dense, d1 floordiv 3 : compressed, d0 mod 2 : dense, d1 mod 3 : dense), posWidth = 32, crdWidth = 8 }>
// CHECK: #sparse1 = #sparse_tensor.encoding<{ map = [s0](d0, d1) -> (d0 : compressed(nonunique), d1 : singleton(soa)), explicitVal = 1.000000e+00 : f32, implicitVal = 0.000000e+00 : f32 }>
// CHECK: #sparse2 = #sparse_tensor.encoding<{ map = (d0 : #sparse_tensor<slice(1, 4, 1)>, d1 : #sparse_tensor<slice(0, ?, 1)>) -> (d0 : dense, d1 : compressed) }>
// CHECK: #sparse3 = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 floordiv 4 : dense, d1 mod 4 : structured[2, 4]) }>
// CHECK: #sparse4 = #sparse_tensor.encoding<{ map = (d0, d1) -> (d1 : dense, d0 : compressed) }>
// CHECK: #sparse5 = #sparse_tensor.encoding<{ map = (d0) -> (d0 : loose_compressed(nonunique, nonordered)), posWidth = 64 }>
#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 3 : compressed, i mod 2 : dense, j mod 3 : dense), posWidth = 32, crdWidth = 8 }>
#COO = #sparse_tensor.encoding<{ map = [s0](d0, d1) -> (d0 : compressed(nonunique), d1 : singleton(soa)), explicitVal = 1.0 : f32, implicitVal = 0.0 : f32 }>
#SL = #sparse_tensor.encoding<{ map = (d0 : #sparse_tensor<slice(1, 4, 1)>, d1) -> (d0 : dense, d1 : compressed) }>
#NM = #sparse_tensor.encoding<{ map = ( i, j ) -> ( i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4] ) }>
#FW = #sparse_tensor.encoding<{ map = {l0, l1} (d0 = l1, d1 = l0) -> (l0 = d1 : dense, l1 = d0 : compressed) }>
#LC = #sparse_tensor.encoding<{ map = (d0) -> (d0 : loose_compressed(nonunique, nonordered)), posWidth = 64 }>

// CHECK-LABEL: func @encodings
// CHECK-SAME: tensor<4x6xf32, #sparse>, %{{.*}}: tensor<4x6xf32, #sparse1>, %{{.*}}: tensor<8x8xf32, #sparse2>, %{{.*}}: tensor<4x8xf32, #sparse3>, %{{.*}}: tensor<4x8xf32, #sparse4>, %{{.*}}: tensor<8xf32, #sparse5>
func.func @encodings(%a: tensor<4x6xf32, #BSR>, %b: tensor<4x6xf32, #COO>, %c: tensor<8x8xf32, #SL>,
                     %d: tensor<4x8xf32, #NM>, %e: tensor<4x8xf32, #FW>, %f: tensor<8xf32, #LC>) {
  return
}

// CHECK-LABEL: func @sparse_ops
// CHECK: stablehlo.abs %{{.*}} : (tensor<4x8xf32, #sparse4>) -> tensor<4x8xf32>
func.func @sparse_ops(%e: tensor<4x8xf32, #FW>) -> tensor<4x8xf32> {
  %0 = stablehlo.abs %e : (tensor<4x8xf32, #FW>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

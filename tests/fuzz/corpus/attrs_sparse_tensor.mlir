#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 3 : compressed, i mod 2 : dense, j mod 3 : dense), posWidth = 32, crdWidth = 8 }>
#COO = #sparse_tensor.encoding<{ map = [s0](d0, d1) -> (d0 : compressed(nonunique), d1 : singleton(soa)), explicitVal = 1.0 : f32, implicitVal = 0.0 : f32 }>
#SL = #sparse_tensor.encoding<{ map = (d0 : #sparse_tensor<slice(1, 4, 1)>, d1) -> (d0 : dense, d1 : compressed) }>
#NM = #sparse_tensor.encoding<{ map = ( i, j ) -> ( i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4] ) }>
#FW = #sparse_tensor.encoding<{ map = {l0, l1} (d0 = l1, d1 = l0) -> (l0 = d1 : dense, l1 = d0 : compressed) }>
#LC = #sparse_tensor.encoding<{ map = (d0) -> (d0 : loose_compressed(nonunique, nonordered)), posWidth = 64 }>

func.func @encodings(%a: tensor<4x6xf32, #BSR>, %b: tensor<4x6xf32, #COO>, %c: tensor<8x8xf32, #SL>,
                     %d: tensor<4x8xf32, #NM>, %e: tensor<4x8xf32, #FW>, %f: tensor<8xf32, #LC>) {
  return
}

func.func @sparse_ops(%e: tensor<4x8xf32, #FW>) -> tensor<4x8xf32> {
  %0 = stablehlo.abs %e : (tensor<4x8xf32, #FW>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

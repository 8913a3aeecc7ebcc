// ERROR: 5:1: 'func.func' op cannot parse mhlo.sharding "{{replicated}, {maximal device=1}": expected '}' after the tuple elements at offset 33
// ARGS: -xla-sdy-import-shardings
// NO-UNREGISTERED
// A tuple sharding that never closes.
func.func @main(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {mhlo.sharding = "{{replicated}, {maximal device=1}"}) {
  return %arg0 : tensor<8x8xf32>
}

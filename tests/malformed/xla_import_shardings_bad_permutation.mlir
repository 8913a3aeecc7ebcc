// ERROR: 5:1: 'func.func' op cannot parse mhlo.sharding "{devices=[4,8]<=[8,4]T(1,1)}": transpose permutation is not a permutation of the reshape dimensions at offset 25
// ARGS: -xla-sdy-import-shardings
// NO-UNREGISTERED
// A GSPMD sharding whose transpose is not a permutation.
func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[4,8]<=[8,4]T(1,1)}"}) -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}

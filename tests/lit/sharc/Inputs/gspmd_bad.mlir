// A GSPMD sharding whose iota has fewer devices than its tiles.
func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,2]<=[5]}"}) -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}

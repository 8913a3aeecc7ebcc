// ERROR: 3:1: 'func.func' op arg 0 - unknown axis name: "b"
sdy.mesh @m = <["a"=2]>
func.func @f(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"b"}]>}) {
  return
}

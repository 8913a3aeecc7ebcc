// ERROR: 3:1: 'func.func' op arg 0 - sub-axis next pre-size 3 doesn't divide the size of the full axis 4: "a":(1)3
sdy.mesh @m = <["a"=4]>
func.func @f(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"a":(1)3}]>}) {
  return
}

// A call to a function that has no body: Shardy's call import makes an
// empty named computation of it, which its verifier rejects.
sdy.mesh @mesh = <["x"=2]>
func.func private @decl(tensor<8xf32>) -> tensor<8xf32>
func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  %0 = func.call @decl(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// A mesh of 2^62 devices, and tensors larger than any byte count.
sdy.mesh @mesh = <["a"=2147483648, "b"=2147483648]>
func.func @main(%arg0: tensor<1099511627776x1099511627776xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>},
                %arg1: tensor<4294967296x4294967296xf64> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>})
    -> tensor<1099511627776x1099511627776xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"b"}, {}]> : tensor<1099511627776x1099511627776xf32>
  return %0 : tensor<1099511627776x1099511627776xf32>
}

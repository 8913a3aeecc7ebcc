//!propagate //!explicit
sdy.mesh @mesh = <["a"=4, "b"=2, "one"=1]>
func.func @main(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "b", ?}, {"one"}]>},
                %arg1: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>},
                %arg2: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>})
    -> (tensor<16x8xf32>, tensor<6x8xf32>, tensor<16x8xf32>) {
  return %arg0, %arg1, %arg2 : tensor<16x8xf32>, tensor<6x8xf32>, tensor<16x8xf32>
}

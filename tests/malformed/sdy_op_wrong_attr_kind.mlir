// ERROR: 4:8: 'sdy.all_slice' op attribute 'slicing_axes' failed to satisfy constraint: List of axis ref lists
// NO-UNREGISTERED
func.func @f(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "sdy.all_slice"(%arg0) <{out_sharding = #sdy.sharding<mesh<["a"=2]>, [{}]>, slicing_axes = 3 : i64}> : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

sdy.mesh @m = <["x"=4, "y"=2], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
sdy.mesh @max = <[], device_ids=[3]>
func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"x":(1)2, ?}p0, {"y"}], replicated={"x":(2)2}>},
             %b: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["z"=2]>, [{?}], unreduced=min{"z"}>}) -> tensor<8x8xf32> {
  %0 = "foo.op"(%a) {sdy.sharding = #sdy.sharding_per_value<[<@m, [{}, {"x"}]>]>,
                     sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} need_replication={j}, custom>,
                     sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"x" = result-0 -> [operand-0]}]}]>,
                     m = #sdy<manual_axes{"x"}>, l = #sdy<list_of_axis_ref_lists[{"x"}, {}]>, t = #sdy<all_to_all_param_list[{"y"}: 0->1]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

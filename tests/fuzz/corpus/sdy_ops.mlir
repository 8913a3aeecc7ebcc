module {
  sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4]>
  func.func @value_ops(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
    %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a", ?}, {?}]> : tensor<8x8xf32>
    %1 = sdy.reshard %0 <@mesh, [{"a"}, {"b"}]> {foo.bar = 1 : i64} : tensor<8x8xf32>
    %2 = sdy.propagation_barrier %1 allowed_direction=FORWARD : tensor<8x8xf32>
    sdy.sharding_group %2 group_id=7 : tensor<8x8xf32>
    %3 = sdy.constant dense<1.000000e+00> : tensor<8x8xf32>
    return %3 : tensor<8x8xf32>
  }
  func.func @func_edges(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = sdy.func_data_flow_edge %arg0 : tensor<8xf32>
    return %0 : tensor<8xf32>
  }
  func.func @collectives(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<16x8xf32> {
    %0 = sdy.all_gather [{"b"}, {}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<16x8xf32>
    %1 = sdy.all_slice [{}, {"c":(1)2}] %0 out_sharding=<@mesh, [{"a"}, {"c":(1)2}]> : tensor<16x8xf32>
    %2 = sdy.all_to_all [{"a"}: 0->1] %1 out_sharding=<@mesh, [{}, {"c":(1)2, "a"}]> : tensor<16x8xf32>
    %3 = sdy.collective_permute %2 out_sharding=<@mesh, [{}, {"a", "c":(1)2}]> : tensor<16x8xf32>
    %4 = sdy.all_reduce max {"b"} %3 out_sharding=<@mesh, [{}, {"a", "c":(1)2}]> : tensor<16x8xf32>
    %5 = sdy.all_reduce {"b"} %4 out_sharding=<@mesh, [{}, {"a", "c":(1)2}]> : tensor<16x8xf32>
    %6 = sdy.reduce_scatter min [{"b"}, {}] %5 out_sharding=<@mesh, [{"b"}, {"a", "c":(1)2}]> : tensor<16x8xf32>
    %7 = sdy.sharded_to_unreduced [{"b"}, {}] %6 out_sharding=<@mesh, [{}, {"a", "c":(1)2}], unreduced={"b"}> : tensor<16x8xf32>
    %8 = sdy.replicated_to_unreduced {"c":(2)2} %7 out_sharding=<@mesh, [{}, {"a", "c":(1)2}], unreduced={"b", "c":(2)2}> : tensor<16x8xf32>
    return %8 : tensor<16x8xf32>
  }
  func.func @regions(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
      %3 = sdy.reshard %arg1 <@mesh, [{}, {"c"}]> : tensor<8x32xf32>
      sdy.return %3 : tensor<8x32xf32>
    } {foo.x} : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %1:2 = sdy.named_computation<"f\22oo">(%0, %arg0) out_shardings=[<@mesh, [{}, {}]>, <@mesh, [{}, {"b"}]>] (%arg1: tensor<16x32xf32>, %arg2: tensor<16x32xf32>) {
      sdy.return %arg2, %arg1 : tensor<16x32xf32>, tensor<16x32xf32>
    } : (tensor<16x32xf32>, tensor<16x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>)
    %2 = sdy.data_flow_edge %1#1 sharding=<@mesh, [{"b"}, {}]> : tensor<16x32xf32>
    sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
      sdy.return
    } : () -> ()
    return %2 : tensor<16x32xf32>
  }
}


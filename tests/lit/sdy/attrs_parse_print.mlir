// RUN: sdy_opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: sdy_opt %s --allow-unregistered-dialect | sdy_opt --allow-unregistered-dialect | FileCheck %s
// RUN: sdy_opt %s --allow-unregistered-dialect -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK: sdy.mesh @empty_mesh = <[]>
sdy.mesh @empty_mesh = <[]>
// CHECK: sdy.mesh @maximal = <[], device_ids=[3]>
sdy.mesh @maximal = <[], device_ids=[3]>
// CHECK: sdy.mesh @iota_dropped = <["a"=2, "b"=2]>
sdy.mesh @iota_dropped = <["a"=2, "b"=2], device_ids=[0, 1, 2, 3]>
// CHECK: sdy.mesh @foo = <["a"=2, "b"=4], device_ids=[1, 0, 2, 3, 4, 5, 6, 7]>
sdy.mesh @foo = <["a"=2,"b"=4], device_ids=[1,0,2,3,4,5,6,7]>
// GENERIC: "sdy.mesh"() <{mesh = #sdy.mesh<["a"=2, "b"=4], device_ids=[1, 0, 2, 3, 4, 5, 6, 7]>, sym_name = "foo"}> : () -> ()
// CHECK: sdy.mesh @abc = <["a"=2, "b"=4, "c"=2]>
sdy.mesh @abc = <["a"=2, "b"=4, "c"=2]>

// CHECK-LABEL: func @shardings
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@abc, [{"a", ?}p1, {"b":(1)2}], replicated={"b":(2)2}, unreduced=max{"c"}>}
// CHECK-SAME: {sdy.sharding = #sdy.sharding<mesh<["x"=2]>, [{?}]>}
// CHECK-SAME: -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@foo, [{}, {?}p0], unreduced={"a"}>})
func.func @shardings(%arg0 : tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@abc, [{"a",?}p1, {"b":(1)2}], replicated={"b":(2)2}, unreduced=max{"c"}>},
                     %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=2]>, [{ ? }]>})
    -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@foo, [{}, {?}p0], unreduced=sum{"a"}>}) {
  // CHECK: sdy.sharding = #sdy.sharding_per_value<[<@foo, [{}, {}]>, <@foo, []>]>
  %0:2 = "foo.bar"() {sdy.sharding = #sdy.sharding_per_value<[<@foo, [{}, {}]>, <@foo, []>]>} : () -> (tensor<8x8xf32>, tensor<f32>)
  return %0#0 : tensor<8x8xf32>
}

// CHECK-LABEL: func @rules
func.func @rules() {
  // CHECK: #sdy.op_sharding_rule<([i, j, k, l])->([i, k, l]) {i=2, j=3, k=5, l=7} reduction={j} need_replication={i, l} permutation={k} blocked_propagation={l}, custom>
  "foo.a"() {r = #sdy.op_sharding_rule<([i, j, k, l])->([i, k, l]) {i=2, j=3, k=5, l=7} reduction={j} need_replication={i, l} permutation={k} blocked_propagation={l}, custom>} : () -> ()
  // CHECK: #sdy.op_sharding_rule<([], [])->([])>
  "foo.b"() {r = #sdy.op_sharding_rule<([], [])->([])>} : () -> ()
  // CHECK: #sdy.op_sharding_rule<([z_8z_9z_10, zz_1])->([ij]) {i=2}>
  "foo.c"() {r = #sdy.op_sharding_rule<([z_8z_9z_10, zz_1])->([ij]) {i=2}>} : () -> ()
  // CHECK: a = #sdy<manual_axes{"x", "y"}>, b = #sdy<axis_ref_list{"a":(1)2}>, c = #sdy<list_of_axis_ref_lists[{"a"}, {}]>, d = #sdy<all_to_all_param_list[{"a"}: 0->1]>
  "foo.d"() {a = #sdy<manual_axes{"x", "y"}>, b = #sdy<axis_ref_list{"a":(1)2}>, c = #sdy<list_of_axis_ref_lists[{"a"}, {}]>, d = #sdy<all_to_all_param_list[{"a"}: 0->1]>} : () -> ()
  return
}

// CHECK-LABEL: func @edges
func.func @edges() {
  // CHECK: #sdy.propagation_edges<[{step-2 = [{"y" = operand-1 -> [operand-0, result-0]}]}, {step-12345 = [{"x":(1)2 = result-0 -> [operand-0]}]}]>
  "foo.a"() {e = #sdy.propagation_edges<[{step-2 = [{"y" = operand-1 -> [operand-0, result-0]}]}, {step-12345 = [{"x":(1)2 = result-0 -> [operand-0]}]}]>} : () -> ()
  return
}

// RUN: sdy_opt %s -split-input-file -verify-diagnostics

func.func @group_id_missing(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{'sdy.sharding_group' op requires attribute 'group_id'}}
  "sdy.sharding_group"(%arg0) : (tensor<8xf32>) -> ()
  return
}

// -----

func.func @group_unranked(%arg0: tensor<*xf32>) {
  // expected-error @+1 {{'sdy.sharding_group' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  sdy.sharding_group %arg0 group_id=3 : tensor<*xf32>
  return
}

// -----

func.func @barrier_types(%arg0: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.propagation_barrier' op requires the same type for all operands and results}}
  %0 = "sdy.propagation_barrier"(%arg0) <{allowed_direction = 1 : i32}> : (tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @constant_type(%arg0: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'sdy.constant' op failed to infer returned types}}
  // expected-error @+1 {{'sdy.constant' op inferred type(s) 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  %0 = "sdy.constant"() <{value = dense<1.0> : tensor<8xf32>}> : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @isolated(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
  // expected-note @+1 {{required by region isolation constraints}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={} (%arg2: tensor<8xf32>) {
    // expected-error @+1 {{'sdy.reshard' op using value defined outside the region}}
    %1 = sdy.reshard %arg1 <@mesh, [{}]> : tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @nested_manual(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-note @+1 {{parent bounding this axis as manual}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    // expected-error @+1 {{'sdy.reshard' op operates on axis "a" which is already bound by a parent sdy.manual_computation op}}
    %1 = sdy.reshard %arg1 <@mesh, [{"a"}]> : tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @all_to_all_range(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_to_all' op target dimension 2 is out of range [0, 2)}}
  %0 = sdy.all_to_all [{"a"}: 0->2] %arg0 out_sharding=<@mesh, [{}, {"a"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @gather_not_suffix(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_gather' op can't apply gathering axis "a" to operand sharding on dimension 0}}
  %0 = sdy.all_gather [{"a"}, {}] %arg0 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @slice_mismatch(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_slice' op result sharding doesn't match expected sharding ["a", "b"] on dimension 0}}
  %0 = sdy.all_slice [{"b"}, {}] %arg0 out_sharding=<@mesh, [{"b", "a"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @named_result_types(%arg0: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'sdy.named_computation' op failed to infer returned types}}
  // expected-error @+1 {{'sdy.named_computation' op inferred type(s) 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  %0 = sdy.named_computation<"f">(%arg0) (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @edge_dynamic(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = sdy.named_computation<"f">(%arg0) (%arg1: tensor<?xf32>) {
    sdy.return %arg1 : tensor<?xf32>
  } : (tensor<?xf32>) -> tensor<?xf32>
  // expected-error @+1 {{'sdy.data_flow_edge' op expected sdy.data_flow_edge to have a static-shaped result. type: tensor<?xf32>}}
  %1 = sdy.data_flow_edge %0 : tensor<?xf32>
  return %1 : tensor<?xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @sharding_constraint_unknown_axis(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op unknown axis name: "c"}}
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"c"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @barrier_keyword(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{invalid allowed_direction attribute specification: "SIDEWAYS"}}
  %0 = sdy.propagation_barrier %arg0 allowed_direction=SIDEWAYS : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @functional_type_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{1 operands present, but expected 2}}
  %0 = sdy.named_computation<"g">(%arg0) (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @functional_type_kind(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.named_computation<"g">(%arg0) (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  // expected-error @+1 {{invalid kind of type specified: expected mlir::FunctionType, but found 'tensor<8xf32>'}}
  } : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @constant_not_elements() -> tensor<8xf32> {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %0 = sdy.constant 1.0 : f32
  return %0 : tensor<8xf32>
}

// -----

func.func @wrong_kind_generic(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op attribute 'manual_axes' failed to satisfy constraint: A list of axes that a ManualComputationOp is manual on}}
  %0 = "sdy.manual_computation"(%arg0) <{in_shardings = #sdy.sharding_per_value<[]>, manual_axes = 1 : i32, out_shardings = #sdy.sharding_per_value<[]>}> ({
  ^bb0(%arg1: tensor<8xf32>):
    "sdy.return"(%arg1) : (tensor<8xf32>) -> ()
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @no_operand() {
  // expected-error @+1 {{'sdy.all_gather' op requires a single operand}}
  %0 = "sdy.all_gather"() <{gathering_axes = #sdy<list_of_axis_ref_lists[{}]>, out_sharding = #sdy.sharding<mesh<["a"=2]>, [{}]>}> : () -> tensor<8xf32>
  return
}

// -----

func.func @wrong_terminator(%arg0: tensor<8xf32>) {
  // expected-error @+2 {{'sdy.named_computation' op expects regions to end with 'sdy.return', found 'func.return'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'sdy.return'}}
  "sdy.named_computation"(%arg0) <{name = "x"}> ({
  ^bb0(%a: tensor<8xf32>):
    "func.return"() : () -> ()
  }) : (tensor<8xf32>) -> ()
  return
}

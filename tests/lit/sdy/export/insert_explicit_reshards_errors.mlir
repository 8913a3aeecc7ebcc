// RUN: sdy_opt %s -split-input-file -sdy-insert-explicit-reshards='enable-full-version=true' -verify-diagnostics

// Shardy's diagnostics for single-device shardings, and located errors where
// Shardy only checks an assumption (SDY_CHECK) about unreduced axes.

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @dev0 = <[], device_ids=[0]>

// expected-error @+1 {{'func.func' op function argument 1 cannot have a single-device (maximal) sharding attribute}}
func.func @single_device_argument(%arg0: tensor<8xf32>, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@dev0, []>}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @dev0 = <[], device_ids=[0]>

// Arguments are checked before results.
// expected-error @+1 {{'func.func' op function argument 0 cannot have a single-device (maximal) sharding attribute}}
func.func @single_device_argument_and_result(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@dev0, []>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@dev0, []>}) {
  return %arg0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @dev0 = <[], device_ids=[0]>

// expected-error @+1 {{'func.func' op function result 0 cannot have a single-device (maximal) sharding attribute}}
func.func @single_device_result(%arg0: tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@dev0, []>}) {
  return %arg0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @dev0 = <[], device_ids=[0]>

// Declarations are checked too.
// expected-error @+1 {{'func.func' op function argument 0 cannot have a single-device (maximal) sharding attribute}}
func.func private @single_device_declaration(tensor<8xf32> {sdy.sharding = #sdy.sharding<@dev0, []>}) -> tensor<8xf32>

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @dev0 = <[], device_ids=[0]>
sdy.mesh @dev1 = <[], device_ids=[1]>

// Every op with conflicting single-device results is reported.
func.func @conflicting_single_device_results(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op has conflicting single-device result shardings}}
  %0:2 = stablehlo.custom_call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@dev0, []>, <@dev1, []>]>} : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  // expected-error @+1 {{'stablehlo.custom_call' op has conflicting single-device result shardings}}
  %1:2 = stablehlo.custom_call @bar(%0#0) {sdy.sharding = #sdy.sharding_per_value<[<@dev1, []>, <@dev0, []>]>} : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  return %1#0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @unreduced_operand_of_op_without_results(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], unreduced={"x"}>}) {
  // expected-error @+1 {{'stablehlo.custom_call' op has operands with unreduced axes but no results}}
  stablehlo.custom_call @foo(%arg0) : (tensor<8xf32>) -> ()
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @results_with_different_unreduced_axes(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op has results with different unreduced axes}}
  %0:2 = stablehlo.custom_call @foo(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], unreduced={"x"}>, <@mesh, [{}]>]>} : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  return %0#1 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @other = <["a"=4]>

func.func @unreduced_operand_on_other_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], unreduced={"x"}>}) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.negate' op source and user shardings have different meshes for unreduced axes}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@other, [{"a"}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
sdy.mesh @other = <["x"=2, "y"=2], device_ids=[3,2,1,0]>

func.func @unreduced_target_on_other_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.reshard' op input and output shardings have different meshes while the output has unreduced axes}}
  %0 = sdy.reshard %arg0 <@other, [{}], unreduced={"x"}> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @unreduced_axes_on_both_sides(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], unreduced={"x"}>}) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.reshard' op both input and output have unreduced axes that do not appear in the other}}
  %0 = sdy.reshard %arg0 <@mesh, [{}], unreduced={"y"}> : tensor<8xf32>
  return %0 : tensor<8xf32>
}


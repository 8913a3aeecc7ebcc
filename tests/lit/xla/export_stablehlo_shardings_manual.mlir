// RUN: sdy_opt %s -xla-sdy-export-stablehlo-shardings | FileCheck %s --check-prefix=V2
// RUN: sdy_opt %s -xla-sdy-export-stablehlo-shardings='enable-hlo-sharding-v3=true' | FileCheck %s --check-prefix=V3
// RUN: sdy_opt %s -xla-sdy-export-stablehlo-shardings='add-missing-sharding-to-control-flow=false' | FileCheck %s --check-prefix=NOCF

// The manual axes a value is local to (xla.sdy.manual_axes, left by the
// shard map export) go into its HloSharding; every axis manual is the
// manual sharding. Control flow without a sharding gets a replicated one,
// send / recv / create_token a maximal one; erf and top_k keep theirs in
// mhlo.attributes.
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

// V2-LABEL: func @manual(
// V2-SAME: %arg0: tensor<4xf32> {mhlo.sharding = "{devices=[2,4]<=[4,2]T(1,0) last_tile_dims={manual}}"}
// V2-SAME: -> (tensor<4xf32> {mhlo.sharding = "{manual}"})
// V2-NEXT: stablehlo.negate %arg0 {mhlo.sharding = "{devices=[1,4,2]<=[8] last_tile_dims={manual, replicated}}"}
// V3-LABEL: func @manual(
// V3-SAME: %arg0: tensor<4xf32> {mhlo.sharding = "{mesh['a'=2,'b'=2,'c'=2], [{'c'}], manual={'a', 'b'}}"}
// V3-SAME: -> (tensor<4xf32> {mhlo.sharding = "{mesh['a'=2,'b'=2,'c'=2], manual}"})
// V3-NEXT: stablehlo.negate %arg0 {mhlo.sharding = "{mesh['a'=2,'b'=2,'c'=2], [{}], manual={'a', 'b'}}"}
func.func @manual(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}]>, xla.sdy.manual_axes = #sdy<manual_axes{"a", "b"}>})
    -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>, xla.sdy.manual_axes = #sdy<manual_axes{"a", "b", "c"}>}) {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>, xla.sdy.manual_axes = #sdy<manual_axes{"a", "b"}>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// V2-LABEL: func @control_flow_and_tokens
// V2: }) {mhlo.sharding = "{replicated}"} : (tensor<i32>) -> tensor<4xf32>
// V2: stablehlo.create_token {mhlo.sharding = "{maximal device=0}"}
// V2: "stablehlo.send"{{.*}}mhlo.sharding = "{maximal device=0}"
// V3-LABEL: func @control_flow_and_tokens
// V3: }) {mhlo.sharding = "{mesh[], replicated}"} : (tensor<i32>) -> tensor<4xf32>
// V3: stablehlo.create_token {mhlo.sharding = "{maximal device=0}"}
// NOCF-LABEL: func @control_flow_and_tokens
// NOCF: }) : (tensor<i32>) -> tensor<4xf32>
// NOCF: stablehlo.create_token {mhlo.sharding = "{maximal device=0}"}
func.func @control_flow_and_tokens(%arg0: tensor<i32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1 : tensor<4xf32>
  }, {
    stablehlo.return %arg1 : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  %1 = stablehlo.create_token : !stablehlo.token
  %2 = "stablehlo.send"(%0, %1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %0 : tensor<4xf32>
}

// V2-LABEL: func @erf_without_attributes
// V2-NEXT: stablehlo.custom_call @mhlo.erf(%arg0) {mhlo.attributes = {mhlo.sharding = "{devices=[2,4]<=[8] last_tile_dim_replicate}"}}
func.func @erf_without_attributes(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @mhlo.erf(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

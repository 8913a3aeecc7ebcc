// RUN: sdy_opt %s -split-input-file -xla-sdy-stablehlo-export-manual-reduction-collectives -verify-diagnostics

// What XLA CHECKs (a crash there) is a located error here.

sdy.mesh @mesh_ids = <["x"=2, "y"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>

func.func @device_ids(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_ids, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.sharded_to_unreduced' op cannot export sdy.sharded_to_unreduced on a mesh with explicit device ids}}
  %0 = sdy.sharded_to_unreduced [{"x"}, {}] %arg0 out_sharding=<@mesh_ids, [{}, {}], unreduced={"x"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

func.func @sub_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.sharded_to_unreduced' op Sub-axes not supported in ShardedToUnreducedOp.}}
  %0 = sdy.sharded_to_unreduced [{"y":(1)2}, {}] %arg0 out_sharding=<@mesh, [{}, {}], unreduced={"y":(1)2}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

func.func @sub_axis_r2u(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.replicated_to_unreduced' op Sub-axes not supported in ReplicatedToUnreducedOp.}}
  %0 = sdy.replicated_to_unreduced {"y":(1)2} %arg0 out_sharding=<@mesh, [{}, {}], unreduced={"y":(1)2}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

func.func @non_divisible_s2u(%arg0: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<6xf32> {
  // expected-error @+1 {{'sdy.sharded_to_unreduced' op Non-divisible sharding with unreduced axes isn't supported. Please file a bug with a reproducer.}}
  %0 = sdy.sharded_to_unreduced [{"x"}] %arg0 out_sharding=<@mesh, [{}], unreduced={"x"}> : tensor<6xf32>
  return %0 : tensor<6xf32>
}

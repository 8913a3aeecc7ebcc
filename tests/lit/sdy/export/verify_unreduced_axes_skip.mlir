// RUN: sdy_opt %s -split-input-file -sdy-verify-unreduced-axes -verify-diagnostics

// The pass skips its walk only while no sharding with unreduced axes and no
// sdy collective or explicit reshard exists: an unreduced axis that only a
// function result's sharding names is enough to walk.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @unreduced_result_only(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}], unreduced={"y"}>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  // expected-error@+1 {{'func.return' op has unreduced axes mismatch for 'y' at return value 0 without a blessed operation (e.g., sdy.reshard). This is an invalid transition from unreduced to reduced.}}
  return %0 : tensor<8x8xf32>
}

// -----

// Without any unreduced axis, an sdy.all_reduce of an unsharded operand is
// still reported.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @all_reduce_without_unreduced_axes(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  // expected-error@+1 {{'sdy.all_reduce' op operand must be sharded.}}
  %1 = sdy.all_reduce {"y"} %0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// Neither: nothing to report.
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @nothing(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

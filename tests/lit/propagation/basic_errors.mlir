// RUN: sdy_opt %s -split-input-file -sdy-basic-propagate -verify-diagnostics

// What -sdy-basic-propagate rejects before propagating anything.

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @dynamic_shape(%arg0: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{Shardy propagation only supports ranked tensors with a static shape. type: tensor<?x8xf32>}}
  %0 = stablehlo.abs %arg0 : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @tuple(%arg0: tensor<8xf32>) -> tuple<tensor<8xf32>> {
  // expected-error @+1 {{Shardy propagation doesn't support tuples: tuple<tensor<8xf32>>}}
  %0 = stablehlo.tuple %arg0 : tuple<tensor<8xf32>>
  return %0 : tuple<tensor<8xf32>>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Shardy aborts on a value in two sharding groups; sharc reports it.
func.func @two_groups(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  sdy.sharding_group %arg0 group_id = 0 : tensor<8xf32>
  // expected-error @+1 {{Value can only map to one sharding group id after import.}}
  sdy.sharding_group %arg0 group_id = 1 : tensor<8xf32>
  return %arg0 : tensor<8xf32>
}

// RUN: not sdy_opt %s -sdy-reshard-to-collectives -o %t 2>&1 | FileCheck %s
// RUN: not test -e %t

// The conversion reads a converted reshard's replacement: here an
// all-gather kept on the input's mesh, which the second reshard cannot
// leave for a mesh with other axes. The second reshard is illegal and its
// pattern fails, which the partial conversion reports.

sdy.mesh @mesh1d_6 = <["x"=6]>
sdy.mesh @mesh2d_2x3 = <["x"=2, "y"=3]>

func.func @replicated_on_other_mesh_then_sharded(%arg0 : tensor<24x8xf32> {sdy.sharding = #sdy.sharding<@mesh1d_6, [{"x"}, {}]>}) -> tensor<24x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh2d_2x3, [{}, {}]> : tensor<24x8xf32>
  // CHECK: reshard_to_collectives_errors.mlir:[[@LINE+1]]:8: error: failed to legalize operation 'sdy.reshard' that was explicitly marked illegal
  %1 = sdy.reshard %0 <@mesh2d_2x3, [{"x"}, {}]> : tensor<24x8xf32>
  return %1 : tensor<24x8xf32>
}

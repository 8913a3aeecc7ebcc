// `sharc explain`: per axis, the user sharding it came from and the steps
// that brought it, one line per step with the op and its location.
// RUN: sharc explain %S/../../../examples/mlp_jax.mlir b1 | FileCheck %s --check-prefix=B1
// RUN: sharc explain %S/../../../examples/mlp_jax.mlir result0 | FileCheck %s --check-prefix=RESULT
// RUN: sharc explain %S/../../../examples/mlp_jax.mlir x | FileCheck %s --check-prefix=SELF
// RUN: sharc explain %S/../../../examples/mlp_jax.mlir %%3 | FileCheck %s --check-prefix=REPLICATED
// RUN: sharc explain %S/../../../examples/mlp_jax.mlir mlp.py:12 | FileCheck %s --check-prefix=LINE
// RUN: sharc explain --explicit %S/../../../examples/mlp_jax.mlir %%7 | FileCheck %s --check-prefix=EXPLICIT
// RUN: sharc explain %S/Inputs/mixed.mlir @helper:%%0 | FileCheck %s --check-prefix=CALLEE
// RUN: sharc explain %S/Inputs/mixed.mlir tokens | FileCheck %s --check-prefix=SUBAXIS
// RUN: sharc explain %S/Inputs/mixed.mlir %%3#1 | FileCheck %s --check-prefix=LOOP

// b1 has no user sharding: 'model' comes back from the constraint on the
// hidden activations, through the relu, the bias add and its broadcast.
// B1: %arg2 'b1': argument tensor<2048xf32>
// B1-NEXT: sharding P('model') on @mesh, replicated over 'data'
// B1: axis 'model' (dimension 0): from the sharding constraint %6 (P('data', 'model')) at mlp.py:11:0
// B1-NEXT: step 0    %6 -> %5  through sdy.sharding_constraint %6 (result 0 -> operand 0) at mlp.py:11:0
// B1-NEXT: step 1    %5 -> %2  through maximum %5 (result 0 -> operand 0) at mlp.py:10:0
// B1-NEXT: step 2    %2 -> %1  through add %2 (result 0 -> operand 1) at mlp.py:9:0
// B1-NEXT: step 3    %1 -> %arg2  through broadcast_in_dim %1 (result 0 -> operand 0) at mlp.py:9:0

// RESULT: result0 'result': result tensor<32x512xf32> at mlp.py:12:0
// RESULT: axis 'data' (dimension 0): from the sharding constraint %6
// RESULT: step 4    %6 -> %7  through dot_general %7 (operand 0 -> result 0) at mlp.py:12:0
// RESULT: step 6    %9 -> result0  through the return of @main (operand 0 -> result 0)

// SELF: axis 'data' (dimension 0): from the user's sharding of this value
// SELF-NOT: step

// REPLICATED: %3 'jit(mlp)/jit(main)/max': sdy.constant tensor<f32> at mlp.py:10:0
// REPLICATED: no axis shards it: every device holds all of it

// LINE: %7 'jit(mlp)/jit(main)/dot_general': stablehlo.dot_general

// The all-reduce the partitioner made has no record: its operand does.
// EXPLICIT: %7 'jit(mlp)/jit(main)/dot_general': sdy.all_reduce tensor<32x512xf32>
// EXPLICIT: no propagation record for %7 (sdy.all_reduce: made after propagation, or sharded by no user sharding); its operand 0:
// EXPLICIT: %6 'jit(mlp)/jit(main)/dot_general': stablehlo.dot_general
// EXPLICIT: axis 'data' (dimension 0): from

// CALLEE: %0: stablehlo.negate tensor<16x4xf32> at m.py:20:3
// CALLEE: axis 'p' (dimension 0): from argument 4 of @main (%arg4, P('p', None))
// CALLEE-NEXT: step {{[0-9]+}} %arg0 -> %0  through negate %0 (operand 0 -> result 0) at m.py:20:3

// The user's ["x"] on 6 rows was cut to the sub-axis x:(1)2 on export.
// SUBAXIS: axis 'x:(1)2' (dimension 0): from the user's sharding of this value

// The loop takes 'y' from the reshard the user wrote, which is not one of
// Shardy's origins (arguments, results, constraints, manual computations):
// explain follows the operands back to a value with a record.
// LOOP: %3#1: stablehlo.while tensor<6x8xbf16>
// LOOP: no propagation record for %3#1 (stablehlo.while: made after propagation, or sharded by no user sharding); its operand 1:
// LOOP: %1: sdy.reshard tensor<6x8xbf16> at m.py:4:5
// LOOP: %0: stablehlo.add tensor<6x8xbf16> at m.py:3:5
// The origin shows P('x:(1)2'), which lacks the whole 'x' %0 has: explain
// says what the export did to the user's sharding.
// LOOP: axis 'x' (dimension 0): from argument 0 of @main (%arg0 'tokens', P('x:(1)2', None))
// LOOP-NEXT: the user sharded it P('x', None); it is P('x:(1)2', None) now: 'x' narrowed (not_divisible: dimension 0 (size 6) does not divide into 4 shards; export keeps 'x:(1)2', the part of 'x' that divides it)
// LOOP-NEXT: step 6    %arg0 -> %0  through add %0 (operand 0 -> result 0) at m.py:3:5

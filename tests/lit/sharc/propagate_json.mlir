// `sharc propagate --format json` parses back: values, collectives and
// totals, per-device bytes = shard shape x element size.
// RUN: sharc propagate %S/../../../examples/mlp_jax.mlir --format json --no-comm > %t.json
// RUN: python3 %S/Inputs/check_report.py json %t.json | FileCheck %s
// RUN: sharc propagate %S/../../../examples/mlp_jax.mlir --format json > %t.explicit.json
// RUN: python3 %S/Inputs/check_report.py json %t.explicit.json | FileCheck %s --check-prefix=EXPLICIT
// RUN: sharc propagate %S/Inputs/mixed.mlir --format json --no-comm --all > %t.mixed.json
// RUN: python3 %S/Inputs/check_report.py json %t.mixed.json | FileCheck %s --check-prefix=MIXED

// CHECK: functions=main
// CHECK: values=16 listed=11 devices=8
// CHECK: value %arg0 x P('data', None) shard=8x512 bytes=16384
// CHECK: value %arg1 w1 P(None, 'model') shard=512x1024 bytes=2097152
// CHECK: value %arg2 b1 P('model') shard=1024 bytes=4096
// CHECK: value %arg3 w2 P('model', None) shard=1024x512 bytes=2097152
// CHECK: value %arg4 b2 P() shard=512 bytes=2048
// CHECK: value result0 result P('data', None) shard=8x512 bytes=16384
// CHECK: value %0 jit(mlp)/jit(main)/dot_general P('data', 'model') shard=8x1024 bytes=32768
// CHECK-NOT: collective
// CHECK: arguments peak=4216832 all=33734656 unsharded=8464384
// CHECK: moved=0

// EXPLICIT: collective %7 all_reduce axes='model' moved=16384
// EXPLICIT: moved=16384

// MIXED: functions=main,helper
// MIXED: value %arg1 mask P(None, ('x:(1)2', 'y')) shard=8x4 bytes=32
// MIXED: value %arg3 packed P(None, 'x', 'y') shard=4x2x8 bytes=32
// MIXED: value %arg5 cube P('x:(1)2', 'x:(2)2', 'y') shard=2x2x2 bytes=64
// MIXED: value %0 - P('x', None) shard=2x8 bytes=32
// MIXED: collective %1 reshard axes='y', 'x' moved=36
// MIXED: arguments peak=336 all=2688 unsharded=1504

// Every kind of reshard and collective in the summary, with the bytes each
// device receives (f32 8x8 on a 2x2 mesh: a shard of 2x8 is 64 B):
//   all_gather 'y': 2x8 -> 4x8, 128 - 64 = 64 B; all_slice: 0 B;
//   all_to_all over 'y' (n=2): 64 * 1/2 = 32 B; collective_permute: 64 B;
//   all_gather 'y','x': 2x8 -> 8x8, 256 - 64 = 192 B;
//   all_reduce over 'x' (n=2) of 8x8: 2 * 256 * 1/2 = 256 B;
//   reduce_scatter over 'x': 256 - 128 = 128 B;
//   reshard P(None, 'x') -> P('y', None): a 4x8 block of which each device
//   already holds 4x4: 16 elements, 64 B.
// RUN: cd %S && sharc propagate Inputs/collectives.mlir --no-comm 2>/dev/null > %t.txt
// RUN: diff -u %S/Inputs/collectives.table %t.txt
// RUN: sharc propagate %S/Inputs/collectives.mlir --no-comm --format json 2>/dev/null > %t.json
// RUN: python3 %S/Inputs/check_report.py json %t.json | FileCheck %s

// CHECK: collective %0 all_gather axes='y' moved=64
// CHECK: collective %1 all_slice axes='y' moved=0
// CHECK: collective %2 all_to_all axes='y' moved=32
// CHECK: collective %3 collective_permute axes='y', 'x' moved=64
// CHECK: collective %4 all_gather axes='y', 'x' moved=192
// CHECK: collective %5 all_reduce axes='x' moved=256
// CHECK: collective %6 reduce_scatter axes='x' moved=128
// CHECK: collective %7 reshard axes='y', 'x' moved=64
// CHECK: moved=800

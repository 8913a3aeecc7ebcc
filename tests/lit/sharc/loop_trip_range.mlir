// A loop's trip count is static only when its counted variable stays a
// number of its type: an UNSIGNED comparison of i32 -2 < 2 never holds
// (0 runs, where signed numbers give 4), and i8 120 + 10 wraps to -126 and
// goes on (103 runs, not 1): both are `?`. ui32 0..3 runs 3 times, i8 0
// and 50 stop at 100 after 2, ui8 250 counting down by 3 while > 5 runs 82
// times, all in range. `sharc verify` runs them and holds every count
// against the run: each device ran each loop's collectives as often.
// RUN: cd %S && sharc propagate Inputs/loop_trip_range.mlir --color never | FileCheck %s
// RUN: cd %S && sharc verify Inputs/loop_trip_range.mlir | FileCheck %s --check-prefix=VERIFY

// CHECK:      reshards and collectives (bytes each device receives)
// CHECK-NEXT:   value  kind            axes  from           to            location      moved/device  runs
// CHECK-NEXT:   %13    reduce_scatter  'x'   P(None, None)  P(None, 'x')  model.py:1:3  384 B         each iteration
// CHECK-NEXT:   %13    reduce_scatter  'x'   P(None, None)  P(None, 'x')  model.py:2:3  384 B         3
// CHECK-NEXT:   %13    reduce_scatter  'x'   P(None, None)  P(None, 'x')  model.py:3:3  384 B         each iteration
// CHECK-NEXT:   %13    reduce_scatter  'x'   P(None, None)  P(None, 'x')  model.py:4:3  384 B         2
// CHECK-NEXT:   %13    reduce_scatter  'x'   P(None, None)  P(None, 'x')  model.py:5:3  384 B         82
// CHECK:      loops (their collectives run once per iteration)
// CHECK-NEXT:   loop  location      trip count      collectives  moved/device per iteration  moved/device in all
// CHECK-NEXT:   %1#0  model.py:1:1  ? (not static)  1            384 B                       per iteration
// CHECK-NEXT:   %3#0  model.py:2:1  3               1            384 B                       1.1 KiB
// CHECK-NEXT:   %5#0  model.py:3:1  ? (not static)  1            384 B                       per iteration
// CHECK-NEXT:   %7#0  model.py:4:1  2               1            384 B                       768 B
// CHECK-NEXT:   %9#0  model.py:5:1  82              1            384 B                       30.8 KiB

// 0 + 3 + 103 + 2 + 82 runs of each loop's collectives, and the rest.
// VERIFY-NOT: mismatch
// VERIFY:     figures: 12 collectives of the report, 195 collective runs per device {{.*}} agree with the run
// VERIFY-NEXT: ok:

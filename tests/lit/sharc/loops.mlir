// Collectives in loops count once per iteration: the trip count is shown
// when the loop is a counted one (constant start, bound and step), the
// bytes multiply by it, and "per iteration" is said otherwise. Tables name
// the function when the module has several.
// RUN: cd %S && sharc propagate Inputs/loops.mlir | FileCheck %s
// RUN: cd %S && sharc propagate Inputs/loops.mlir --format json | FileCheck %s --check-prefix=JSON
// RUN: cd %S && sharc propagate Inputs/two_functions.mlir | FileCheck %s --check-prefix=TWO
// RUN: cd %S && sharc propagate Inputs/two_functions.mlir --format json | FileCheck %s --check-prefix=TWO-JSON
// RUN: cd %S && sharc propagate Inputs/mixed.mlir --color never | FileCheck %s --check-prefix=NOLOOP

// 10 iterations; an argument bound; 2 (0, -1: i > -2 counting down) around
// 3 (3 > j counting up): 6 runs.
// CHECK:      reshards and collectives (bytes each device receives)
// CHECK-NEXT:   value  kind            axes  from           to            location       moved/device  runs
// CHECK-NEXT:   %7     reduce_scatter  'x'   P(None, None)  P(None, 'x')  model.py:7:3   384 B         10
// CHECK-NEXT:   %7     reduce_scatter  'x'   P(None, None)  P(None, 'x')  model.py:12:3  384 B         each iteration
// CHECK-NEXT:   %10    reduce_scatter  'x'   P(None, None)  P(None, 'x')  model.py:20:5  384 B         6
// CHECK:      loops (their collectives run once per iteration)
// CHECK-NEXT:   loop  location       trip count      collectives  moved/device per iteration  moved/device in all
// CHECK-NEXT:   %1#0  model.py:5:1   10              1            384 B                       3.8 KiB
// CHECK-NEXT:   %2#0  model.py:10:1  ? (not static)  1            384 B                       per iteration
// CHECK-NEXT:   %3#0  model.py:16:1  2               1            1.1 KiB                     2.2 KiB
// CHECK-NEXT:   %6#0  model.py:18:3  3               1            384 B                       1.1 KiB
// 3840 + 384 (once) + 2304 = 6528 B
// CHECK:        reduce_scatter       3, 6.4 KiB per device (a loop of unknown trip count: per iteration)
// CHECK-NEXT:   moved in all:        6.4 KiB per device (loops of unknown trip count counted once: per iteration)

// JSON:      "bytes_moved_per_device": 384, "executions": 10, "loop": "%1#0"}
// JSON:      "bytes_moved_per_device": 384, "executions": null, "loop": "%2#0"}
// JSON:      "bytes_moved_per_device": 384, "executions": 6, "loop": "%6#0"}
// JSON:      "loops": [
// JSON-NEXT: {"function": "main", "value": "%1#0", "location": "model.py:5:1", "trip_count": 10, "collectives": 1, "bytes_moved_per_device_per_iteration": 384},
// JSON-NEXT: {"function": "main", "value": "%2#0", "location": "model.py:10:1", "trip_count": null, "collectives": 1, "bytes_moved_per_device_per_iteration": 384},
// JSON-NEXT: {"function": "main", "value": "%3#0", "location": "model.py:16:1", "trip_count": 2, "collectives": 1, "bytes_moved_per_device_per_iteration": 1152},
// JSON-NEXT: {"function": "main", "value": "%6#0", "location": "model.py:18:3", "trip_count": 3, "collectives": 1, "bytes_moved_per_device_per_iteration": 384}],
// JSON:      "collectives": [{"kind": "reduce_scatter", "count": 3, "bytes_moved_per_device": 6528, "per_iteration": true}],
// JSON-NEXT: "bytes_moved_per_device": 6528, "bytes_moved_per_iteration": true,

// TWO:      @main
// TWO:      @step
// TWO:      reshards and collectives (bytes each device receives)
// TWO-NEXT:   function  value  kind            axes  from           to            location      moved/device  runs
// TWO-NEXT:   @main     %1     reduce_scatter  'x'   P(None, None)  P(None, 'x')  model.py:3:3  384 B         1
// TWO-NEXT:   @step     %5     reduce_scatter  'x'   P(None, None)  P(None, 'x')  model.py:9:5  384 B         5
// TWO:      loops (their collectives run once per iteration)
// TWO-NEXT:   function  loop  location      trip count  collectives  moved/device per iteration  moved/device in all
// TWO-NEXT:   @step     %1#0  model.py:8:3  5           1            384 B                       1.9 KiB
// TWO:        moved in all:        2.2 KiB per device
// TWO-NOT:    per iteration

// TWO-JSON: "functions": 2,

// A loop without collectives gets no loops section and no runs column.
// NOLOOP:     function  value  kind        axes      from               to            location  moved/device
// NOLOOP-NOT: loops (
